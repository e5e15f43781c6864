import { useNavigate } from 'react-router-dom';
import type { MenuNode } from '@tongxin/api-client';
import { useScreen } from '../hooks/use-screen';
import { useAppearanceStore } from '../theme/appearance-store';
import { menuTarget } from './menu-tree';

/** Opens a menu entry (route, iframe or new window); on small screens the sidebar then collapses. */
export function useMenuClick(): (node: MenuNode) => void {
  const navigate = useNavigate();
  const screen = useScreen();
  return (node) => {
    const target = menuTarget(node);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else {
      const search = new URLSearchParams(target.query).toString();
      void navigate(search ? `${target.path}?${search}` : target.path);
    }
    if (screen <= 1) useAppearanceStore.getState().setCollapsed(true);
  };
}
