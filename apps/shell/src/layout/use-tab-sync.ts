import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMenuStore } from '../menu/menu-store';
import { pageForPath } from '../pages/page-for-path';
import { tabKey } from '../tabs/tab-rules';
import { useTabsStore } from '../tabs/tabs-store';

/** The URL is the source of truth: each layout URL opens (or activates) its tab; unknown → /404. */
export function useTabSync(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const menus = useMenuStore((s) => s.menus);
  const loaded = useMenuStore((s) => s.loaded);

  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(search));
    const spec = pageForPath(pathname, menus);
    if (!spec) {
      if (loaded) void navigate('/404', { replace: true });
      return;
    }
    const key = tabKey(pathname, query);
    if (spec.kind === 'shell') {
      useTabsStore.getState().open({
        key,
        path: pathname,
        label: spec.i18n,
        i18n: spec.i18n,
        query,
        close: pathname !== '/wel/index',
      });
    } else if (spec.kind === 'iframe') {
      useTabsStore.getState().open({
        key,
        path: pathname,
        label: query.name || query.src || pathname,
        i18n: query.i18n,
        query,
        close: true,
      });
    } else {
      const { node } = spec;
      // a layout route below a menu entry is named by its opener (query name), else by the entry
      const named = spec.sub && query.name;
      useTabsStore.getState().open({
        key,
        path: pathname,
        label: named ? query.name! : node.name,
        labelEn: named ? undefined : node.nameEn,
        i18n:
          query.i18n ?? (!named && node.meta?.i18n && !node.nameEn ? `menu.${node.meta.i18n}` : undefined),
        query,
        close: true,
        keepAlive: node.meta?.keepAlive,
      });
    }
  }, [pathname, search, menus, loaded, navigate]);
}
