import { create } from 'zustand';
import {
  getStore,
  getToken,
  getUserInfo,
  removeStore,
  setStore,
  type TokenResponse,
} from '@tongxin/api-client';

/** Token presence, user and the lock (docs/front-end.md#session-and-lock). Lock flag and password live in
 * browser storage. */
export interface AuthState {
  token: string;
  user: TokenResponse | undefined;
  isLocked: boolean;
  lockPasswd: string;
  syncFromStorage: () => void;
  setLockPasswd: (password: string) => void;
  lock: () => void;
  /** True when the password matches and the session was unlocked. */
  unlock: (password: string) => boolean;
  clearLock: () => void;
}

const LOCK = 'isLock';
const LOCK_PASSWD = 'lockPasswd';

export const useAuthStore = create<AuthState>((set, get) => ({
  token: getToken(),
  user: getUserInfo(),
  isLocked: getStore<boolean>(LOCK) === true,
  lockPasswd: getStore<string>(LOCK_PASSWD) ?? '',
  syncFromStorage: () => set({ token: getToken(), user: getUserInfo() }),
  setLockPasswd: (password) => {
    setStore({ name: LOCK_PASSWD, content: password });
    set({ lockPasswd: password });
  },
  lock: () => {
    setStore({ name: LOCK, content: true });
    set({ isLocked: true });
  },
  unlock: (password) => {
    if (!get().lockPasswd || password !== get().lockPasswd) return false;
    get().clearLock();
    return true;
  },
  clearLock: () => {
    removeStore(LOCK);
    removeStore(LOCK_PASSWD);
    set({ isLocked: false, lockPasswd: '' });
  },
}));
