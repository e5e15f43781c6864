import { useEffect, useState } from 'react';
import { screenClass } from './screen-class';

/** Current screen-size class (docs/front-end.md#the-shells-frame), updated on resize. */
export function useScreen(): 0 | 1 | 2 | 3 {
  const [screen, setScreen] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScreen(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return screen;
}
