// In the islands' build react-dom is Preact's compat layer (vite.config.ts, mode "islands").
import { createRoot } from 'react-dom/client';
import { subscribeToToasts } from '../components/ui/use-toast';
import { documentLocale, loadPageCatalogs } from '../i18n/document-locale';
import { I18nProvider } from '../i18n/i18n';

// An island that raises toasts (a form's confirmation) imports this: the app's toaster shows them,
// loaded with the first, in the page's language (its close button's label). Pages without such an island load none of it.
const stopWaitingForToasts = subscribeToToasts(() => {
  stopWaitingForToasts();
  const locale = documentLocale();
  // The page's catalogs are already there (the islands hydrated with them): this only waits for the same load.
  const texts = loadPageCatalogs(locale).catch(() => undefined);
  void Promise.all([import('../components/ui/toaster'), texts]).then(([{ Toaster }]) =>
    createRoot(document.body.appendChild(document.createElement('div'))).render(
      <I18nProvider locale={locale}>
        <Toaster />
      </I18nProvider>,
    ),
  );
});
