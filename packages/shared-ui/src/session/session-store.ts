import { create } from 'zustand';
import type { TokenResponse } from '@tongxin/api-client';

/** One session per page: shell and remotes read the same store (shared-ui is a singleton). */
export interface SessionState {
  user: TokenResponse | undefined;
  /** Button permission codes (docs/domain-model.md#who-may-do-what), code → true. */
  permissions: Record<string, true>;
  setUser: (user: TokenResponse | undefined) => void;
  setPermissions: (permissions: Record<string, true>) => void;
  reset: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  user: undefined,
  permissions: {},
  setUser: (user) => set({ user }),
  setPermissions: (permissions) => set({ permissions }),
  reset: () => set({ user: undefined, permissions: {} }),
}));

/** True when the current user holds the button permission `code`. */
export const usePermission = (code: string | undefined): boolean =>
  useSessionStore((state) => code === undefined || state.permissions[code] === true);
