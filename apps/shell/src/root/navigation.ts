import type { NavigateFunction } from 'react-router-dom';

/** navigate() for code outside React (the http client's 401 hook). Set by <NavigationBridge>. */
let navigateRef: NavigateFunction | undefined;

export const setNavigate = (navigate: NavigateFunction): void => {
  navigateRef = navigate;
};

export function navigateTo(path: string): void {
  if (navigateRef) void navigateRef(path);
  else window.location.assign(path);
}
