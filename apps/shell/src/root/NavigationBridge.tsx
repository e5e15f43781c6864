import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShellBridge } from '@tongxin/shared-ui/session';
import { activeTabUrl, useTabsStore } from '../tabs/tabs-store';
import { setNavigate } from './navigation';

const withQuery = (path: string, query?: Record<string, string>) => {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
};

/** Gives navigate() to non-React code and the openTab bridge to remotes. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate(navigate);
    useShellBridge.getState().setBridge({
      openTab: (path, query) => void navigate(withQuery(path, query)),
      // closes every tab of `path` (e.g. a form after its submit); the tab rules pick the next one
      closeTab: (path) => {
        const before = useTabsStore.getState().activeKey;
        for (const tab of useTabsStore.getState().tabs.filter((t) => t.path === path))
          useTabsStore.getState().close(tab.key);
        if (useTabsStore.getState().activeKey !== before) void navigate(activeTabUrl());
      },
    });
  }, [navigate]);
  return null;
}
