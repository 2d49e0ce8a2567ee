import { createCatalogLoader } from './catalogs';

/** The app's catalogs: every namespace but the server's own. */
export const appCatalogs = createCatalogLoader(
  import.meta.glob<string>(['../../shared/i18n/catalogs/*/*.json', '!../../shared/i18n/catalogs/*/server.json'], { query: '?url', import: 'default', eager: true }),
);
