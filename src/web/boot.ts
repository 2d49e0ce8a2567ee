import './styles.css';

/**
 * The page's entry. A public page is already whole in the server's HTML; its scripts make it
 * interactive, not visible, so they load after the first paint rather than competing with it. The
 * page's own chunks (data-modules, from Vite's manifest) are preloaded then, alongside the app.
 */
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of document.getElementById('initial-data')?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      // A catalog is data the page fetches (src/web/i18n/catalogs.ts); the rest are modules.
      if (href.endsWith('.json')) {
        link.rel = 'preload';
        link.as = 'fetch';
        link.crossOrigin = 'anonymous';
      } else {
        link.rel = 'modulepreload';
        link.crossOrigin = '';
      }
      link.href = href;
      document.head.append(link);
    }
    void import('./main');
  }),
);
