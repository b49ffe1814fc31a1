// Providers around the router: jotai (UI state), i18n, theme, Blueprint overlays. The react-query cache is
// provided by RequireAuth, so the guest pages load without it.
import { OverlaysProvider } from '@blueprintjs/core';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import { store } from '../state/store';
import { router } from './routes';
import { installSessionHandlers } from './session-handlers';
import { ThemeProvider } from './theme-provider';

installSessionHandlers(router);

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <ThemeProvider>
          <OverlaysProvider>
            <RouterProvider router={router} />
          </OverlaysProvider>
        </ThemeProvider>
      </JotaiProvider>
    </I18nextProvider>
  );
}
