import { useErrorLogStore } from './error-log-store';

/** Uncaught errors and unhandled rejections go to the local log (docs/front-end.md#the-shells-frame). */
export function installErrorCapture(): void {
  window.addEventListener('error', (event) => {
    useErrorLogStore.getState().add(event.error ?? event.message, 'window.onerror');
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // rejected http calls were already shown to the user; keep real code errors only
    if (reason instanceof Error && reason.name === 'ApiError') return;
    if (reason && typeof reason === 'object' && 'config' in reason) return;
    useErrorLogStore.getState().add(reason, 'unhandledrejection');
  });
}
