import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { httpsRedirectTarget } from './app/httpsRedirect';
import { createI18n } from './i18n/i18n';

const httpsTarget = httpsRedirectTarget(window.location);
if (httpsTarget) {
  window.location.replace(httpsTarget);
} else {
  // initReactI18next makes the instance the one every useTranslation reads.
  void createI18n().then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
