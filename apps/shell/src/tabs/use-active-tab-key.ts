import { useLocation } from 'react-router-dom';
import { tabKey } from './tab-rules';

/** The active tab is the URL's (the URL is the source of truth; the store follows it one render later). */
export function useActiveTabKey(): string {
  const { pathname, search } = useLocation();
  return tabKey(pathname, Object.fromEntries(new URLSearchParams(search)));
}
