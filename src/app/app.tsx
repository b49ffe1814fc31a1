// Providers around the router: jotai (UI state), theme, Blueprint overlays; i18n needs no provider (src/i18n).
// The react-query cache is provided by RequireAuth, so the guest pages load without it.
import { OverlaysProvider } from '@blueprintjs/core';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router';
import { store } from '../state/store';
import { AppRoutes } from './routes';
import { installSessionHandlers, SessionHandlers } from './session-handlers';
import { ThemeProvider } from './theme-provider';

installSessionHandlers();

export function App() {
  return (
    <JotaiProvider store={store}>
      <ThemeProvider>
        <OverlaysProvider>
          <BrowserRouter>
            <SessionHandlers />
            <AppRoutes />
          </BrowserRouter>
        </OverlaysProvider>
      </ThemeProvider>
    </JotaiProvider>
  );
}
