import type * as Sonner from 'sonner';

/**
 * The four toast kinds of the shell. A toast with the same text replaces the earlier one.
 *
 * sonner (~10 KB gzip) is not part of the first load: the first toast asks for the toaster
 * (the app's `<AppToaster>` then loads and mounts it) and waits until it listens, because
 * sonner drops toasts published before its `<Toaster>` subscribes.
 */
type ToastKind = 'success' | 'error' | 'warning' | 'info';

let sonner: Promise<typeof Sonner> | null = null;

/** The sonner chunk, loaded once. */
export function loadSonner(): Promise<typeof Sonner> {
  sonner ??= import(/* webpackChunkName: "toaster" */ 'sonner');
  return sonner;
}

let requested = false;
const requestListeners = new Set<() => void>();

/** For `useSyncExternalStore`: whether any toast has been asked for yet. */
export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function toastsRequested(): boolean {
  return requested;
}

let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Called by the app's toaster once sonner's `<Toaster>` listens. */
export function toasterIsListening(): void {
  markListening();
}

function show(kind: ToastKind, message: string): void {
  if (!requested) {
    requested = true;
    requestListeners.forEach((listener) => {
      listener();
    });
  }
  void Promise.all([loadSonner(), listening]).then(([{ toast }]) => {
    toast[kind](message, { id: `${kind}:${message}` });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};
