// App update (docs/domain/browser-app.md, "App update"): check every 10 minutes; when a new version waits, a persistent notice with
// a Refresh button activates it and reloads the page once. Production builds only.
import { notify } from '../components/notices';
import { i18n } from '../i18n';

export const UPDATE_CHECK_INTERVAL = 600_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh() {
        notify.info(i18n.t('app.newVersion'), {
          persistent: true,
          key: 'app-update',
          action: {
            text: i18n.t('app.refresh'),
            onClick: () => {
              void updateSW(true);
              // If the new worker never takes control, reload anyway so the user is not stuck.
              window.setTimeout(reloadOnce, 4000);
            },
          },
        });
      },
      onNeedReload: reloadOnce,
      onRegisteredSW(_url, registration) {
        if (!registration) return;
        window.setInterval(() => {
          if (!navigator.onLine) return;
          void registration.update().catch(() => undefined);
        }, UPDATE_CHECK_INTERVAL);
      },
    });
  });
}
