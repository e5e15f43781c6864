import { useEffect } from 'react';
import { useMenuStore } from '../menu/menu-store';
import { registerRemotesOnMenuChange } from '../remotes/register-menu-remotes';

// Lives for the page: the menu tree registers its remotes the moment it is stored.
registerRemotesOnMenuChange();

/** After login: read the menu tree once (remotes are registered from it, see above). */
export function useMenuLoader(): void {
  const loaded = useMenuStore((s) => s.loaded);
  useEffect(() => {
    if (!loaded)
      void useMenuStore
        .getState()
        .load()
        .catch(() => undefined);
  }, [loaded]);
}
