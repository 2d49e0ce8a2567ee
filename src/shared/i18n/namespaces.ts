/**
 * The catalogs are split like the code: a page's own texts (`src/web/pages/<page>/`) are the
 * namespace `<page>`, loaded with the page; the rest of the web client's (layout, components) are
 * `common` and the shared rules' labels `shared`, both loaded on every page; the schemas' messages
 * (forms' validation, the audit's actions) are `schemas` and the pages' titles `page-meta`, which
 * the single-page app loads and a content page only with a form; the server's own (mail, Discord
 * posts, API errors) are `server`, which never goes to a browser.
 */
export const commonNamespace = 'common';
export const sharedNamespace = 'shared';
export const serverNamespace = 'server';
export const schemasNamespace = 'schemas';
export const pageMetaNamespace = 'page-meta';

/** What every page loads beside its own namespace; the 404 page is in the app's entry, not a page loaded on demand, so its texts come with every page too. */
export const everyPageNamespaces = [commonNamespace, sharedNamespace, 'not-found'];

/** What the single-page app loads besides: its forms' messages, and the titles it sets as it moves between pages. */
export const appNamespaces = [schemasNamespace, pageMetaNamespace];

/** The namespace of a source file's texts, from its path inside the repository. */
export function namespaceOfFile(file: string): string {
  const normal = file.replace(/\\/g, '/');
  const page = /(?:^|\/)src\/web\/pages\/([\w-]+)\//.exec(normal);
  if (page) return page[1];
  if (/(?:^|\/)src\/shared\/(?:schemas|api)\//.test(normal)) return schemasNamespace;
  if (/(?:^|\/)src\/shared\/page-meta\.ts$/.test(normal)) return pageMetaNamespace;
  if (/(?:^|\/)src\/shared\//.test(normal)) return sharedNamespace;
  if (/(?:^|\/)src\/server\//.test(normal)) return serverNamespace;
  return commonNamespace;
}

/**
 * A page that shows another page's components needs that page's texts too (a cup's page shows the
 * home page's hero and cards). A test fails when a page imports from another page's folder that is
 * not listed here.
 */
export const pageNamespaceUses: Record<string, readonly string[]> = {
  tournament: ['home'],
  // The contact form's messages.
  contact: [schemasNamespace],
  team: ['register'],
  // Served as an island, the wizard loads no app catalogs: its forms' messages come with it.
  register: ['registered', schemasNamespace],
  registered: ['register'],
  'admin-invite': ['admin'],
  'admin-login': ['admin'],
};

/** A page's namespaces: its own and those of the pages whose components it shows. */
export const namespacesOfPage = (page: string): string[] => [page, ...(pageNamespaceUses[page] ?? [])];

/** The catalogs a page needs: those of every page, the app's when the app renders it, and those of its matched routes' modules (route ids are module paths). */
export function namespacesOfModules(modules: readonly string[], { app }: { app: boolean }): string[] {
  const pages = modules.filter((module) => module.includes('/pages/')).flatMap((module) => namespacesOfPage(namespaceOfFile(module)));
  return [...new Set([...everyPageNamespaces, ...(app ? appNamespaces : []), ...pages])];
}
