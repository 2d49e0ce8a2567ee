/**
 * The texts the code shows, found where they are written: the English first argument of each
 * `t('…')` and `msg('…')` call and each `<Trans message="…">`, by namespace (src/shared/i18n/namespaces.ts). The catalogs' test
 * holds every language to this list; run it (`npm run i18n:missing`) to list what a language lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { locales, sourceLocale } from '../src/shared/i18n/locales';
import { namespaceOfFile } from '../src/shared/i18n/namespaces';
import type { Catalog } from '../src/shared/i18n/translator';

const root = path.resolve(import.meta.dirname, '..');
export const catalogsDir = path.join(root, 'src/shared/i18n/catalogs');
const scanned = ['src/web', 'src/shared', 'src/server'];
const translating = new Set(['t', 'msg']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each namespace's English texts. */
export function extractMessages(): Map<string, Set<string>> {
  const byNamespace = new Map<string, Set<string>>();
  for (const file of scanned.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\b(?:t|msg)\(|<(?:Mail)?Trans\b/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const namespace = namespaceOfFile(path.relative(root, file));
    const add = (id: string) => {
      let set = byNamespace.get(namespace);
      if (!set) byNamespace.set(namespace, (set = new Set()));
      set.add(id);
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && translating.has(node.expression.text)) {
        const [first] = node.arguments;
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) add(first.text);
      }
      // <Trans message="…" />: the rich sentence's English (src/web/i18n/trans.tsx).
      if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'message' && ts.isJsxOpeningLikeElement(node.parent.parent) && ['Trans', 'MailTrans'].includes(node.parent.parent.tagName.getText(source))) {
        const value = node.initializer;
        const literal = value && ts.isJsxExpression(value) ? value.expression : value;
        if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal))) add(literal.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return byNamespace;
}

export const translatedLocales = locales.filter((locale) => locale !== sourceLocale);

export function readCatalog(locale: string, namespace: string): Catalog | null {
  const file = path.join(catalogsDir, locale, `${namespace}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog) : null;
}

/** What each language lacks: `{ "es/home": ["Register Team", …] }`. */
export function missingMessages(): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  for (const [namespace, ids] of extractMessages())
    for (const locale of translatedLocales) {
      const catalog = readCatalog(locale, namespace) ?? {};
      const lacking = [...ids].filter((id) => catalog[id] === undefined);
      if (lacking.length > 0) missing[`${locale}/${namespace}`] = lacking;
    }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(missingMessages(), null, 2));
}
