import type { PageLocale } from '../../shared/i18n/locales';
import type { Catalog } from '../../shared/i18n/translator';
import { catalogOf } from './catalog-store';

/** Every language's every namespace, for the server's renderer (entry-server.tsx), which renders any page in any language. */
const files = import.meta.glob<Catalog>(['../../shared/i18n/catalogs/*/*.json', '!../../shared/i18n/catalogs/*/server.json'], { import: 'default', eager: true });

export function loadEveryCatalog(): void {
  for (const [file, texts] of Object.entries(files)) {
    const [, locale] = /catalogs\/([^/]+)\//.exec(file) ?? [];
    if (locale) Object.assign(catalogOf(locale as PageLocale), texts);
  }
}
