// `npm start` on a fresh clone builds first; later starts skip the build unless a source is newer than it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dist = process.env.SITE_DIST ?? 'dist';
const outputs = [`${dist}/web/index.html`, `${dist}/web/islands.html`, `${dist}/ssr/entry-server.js`, `${dist}/server/main.js`];
const inputs = ['src', 'index.html', 'islands.html', 'vite.config.ts', 'package-lock.json'];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...inputs.map(newest)) > builtAt) {
  console.log('Building the site…');
  execSync('npm run build', { stdio: 'inherit' });
}
