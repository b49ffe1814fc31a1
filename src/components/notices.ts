// Notices at the top of the screen (docs/domain/browser-app.md, "Errors and notices"): error and info 5.4 s, success 2.4 s,
// 0 = persistent.
import type { Intent, ToastProps, Toaster } from '@blueprintjs/core';
import { isApiError } from '../api/errors';

export const NOTICE_TIMEOUT = { error: 5400, info: 5400, success: 2400, persistent: 0 } as const;

export interface NoticeOptions {
  /** Keep the notice until the user closes it or acts on it. */
  persistent?: boolean;
  action?: { text: string; onClick: () => void };
  /** Notices with the same key replace each other. */
  key?: string;
}

let toasterPromise: Promise<Toaster> | null = null;

function toaster(): Promise<Toaster> {
  toasterPromise ??= import('./toaster').then(({ createToaster }) => createToaster());
  return toasterPromise;
}

function show(intent: Intent, message: string, timeout: number, options: NoticeOptions = {}): void {
  if (typeof document === 'undefined') return;
  const props: ToastProps = {
    message,
    intent,
    timeout: options.persistent ? NOTICE_TIMEOUT.persistent : timeout,
    action: options.action,
  };
  toaster()
    .then((t) => t.show(props, options.key))
    .catch((error: unknown) => console.error('[notices]', message, error));
}

export const notify = {
  error: (message: string, options?: NoticeOptions) => show('danger', message, NOTICE_TIMEOUT.error, options),
  info: (message: string, options?: NoticeOptions) => show('primary', message, NOTICE_TIMEOUT.info, options),
  warning: (message: string, options?: NoticeOptions) => show('warning', message, NOTICE_TIMEOUT.info, options),
  success: (message: string, options?: NoticeOptions) => show('success', message, NOTICE_TIMEOUT.success, options),
  clear: () => void toasterPromise?.then((t) => t.clear()),
  /** Closes the notice shown with `key` (e.g. a progress note once the work is done). */
  dismiss: (key: string) => void toasterPromise?.then((t) => t.dismiss(key)),
};

/** Loads the toaster when the browser is idle, so a notice still shows if the server goes away later. */
export function preloadNotices(): void {
  const start = () => void toaster().catch(() => (toasterPromise = null));
  if ('requestIdleCallback' in globalThis) globalThis.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}

/**
 * Feedback for an action without a form: the HTTP client only logs other 4xx (docs/domain/browser-app.md, "Errors and notices"), so
 * say what the server said. 5xx, 403 and network errors were already shown; a 401 signs out.
 */
export function reportActionError(error: unknown): void {
  if (isApiError(error) && !error.notified && error.status !== 401) notify.warning(error.message);
}
