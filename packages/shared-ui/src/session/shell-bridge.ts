import { create } from 'zustand';

/** Navigation the shell offers to remotes (remotes never own a router or tabs). */
export interface ShellBridge {
  openTab: (path: string, query?: Record<string, string>) => void;
  closeTab: (path: string) => void;
  setBridge: (bridge: Pick<ShellBridge, 'openTab' | 'closeTab'>) => void;
}

export const useShellBridge = create<ShellBridge>((set) => ({
  openTab: () => undefined,
  closeTab: () => undefined,
  setBridge: (bridge) => set(bridge),
}));
