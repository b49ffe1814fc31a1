// The browser entry (index.html loads it).
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadNotices } from './components/notices';
import { i18nReady } from './i18n';
import { registerServiceWorker } from './pwa/register-sw';
import { applyStoredTheme } from './state/theme';

applyStoredTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');
// German bundles load first when German is the language of this visit, so nothing renders in English first.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
preloadNotices();
