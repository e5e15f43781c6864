import { create } from 'zustand';
import { getStore, setStore, type LocalLog } from '@tongxin/api-client';
import { toLogEntry } from './error-log-entry';

interface ErrorLogState {
  logs: LocalLog[];
  add: (error: unknown, info?: string) => void;
  clear: () => void;
}

const STORE_NAME = 'logsList';

/** Local UI error log (docs/front-end.md#the-shells-frame), kept across reloads until uploaded or cleared. */
export const useErrorLogStore = create<ErrorLogState>((set, get) => ({
  logs: getStore<LocalLog[]>(STORE_NAME) ?? [],
  add: (error, info) => {
    const logs = [toLogEntry(error, info), ...get().logs].slice(0, 500);
    setStore({ name: STORE_NAME, content: logs });
    set({ logs });
  },
  clear: () => {
    setStore({ name: STORE_NAME, content: [] });
    set({ logs: [] });
  },
}));
