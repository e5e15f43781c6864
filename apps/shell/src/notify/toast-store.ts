import { create } from 'zustand';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  push: (kind: Toast['kind'], text: string, ttlMs?: number) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Page-wide notifications without antd, so the http client can report errors on /login too. */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  push: (kind, text, ttlMs = 4000) => {
    const id = nextId++;
    set({ toasts: [...get().toasts.filter((t) => t.text !== text), { id, kind, text }] });
    setTimeout(() => get().dismiss(id), ttlMs);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
