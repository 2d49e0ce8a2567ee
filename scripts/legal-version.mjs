// Prints the version of the legal texts a captain accepts at registration: a hash of their sources.
// tests/unit/legal-version.test.ts fails when src/shared/legal-version.ts no longer matches.
import crypto from 'node:crypto';
import fs from 'node:fs';

export const legalSources = [
  'src/web/pages/legal/terms-page.tsx',
  'src/web/pages/legal/refund-policy-page.tsx',
  'src/web/pages/legal/privacy-page.tsx',
  'src/web/pages/rules/rules-page.tsx',
  // The rules page's general rules, an island of their own.
  'src/web/pages/rules/general-rules.tsx',
];

export function legalVersion(root = '.') {
  const hash = crypto.createHash('sha256');
  for (const file of legalSources) hash.update(fs.readFileSync(`${root}/${file}`, 'utf8').replace(/\r\n/g, '\n'));
  return hash.digest('hex').slice(0, 12);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(legalVersion());
