// What the production image does (Dockerfile runtime stage): production dependencies only, then the
// built server. Copies the build into a temporary folder, runs `npm ci --omit=dev` there, starts
// `node dist/server/main.js` with NODE_ENV=production, and checks it serves and stops cleanly.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const dist = process.env.SITE_DIST ?? 'dist';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-install-'));
let server;

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitFor(url, deadline) {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

try {
  fs.copyFileSync('package.json', path.join(dir, 'package.json'));
  fs.copyFileSync('package-lock.json', path.join(dir, 'package-lock.json'));
  fs.copyFileSync('.npmrc', path.join(dir, '.npmrc'));
  fs.cpSync(dist, path.join(dir, 'dist'), { recursive: true });
  execSync('npm ci --omit=dev --no-audit --no-fund --loglevel=error', { cwd: dir, stdio: 'inherit' });

  const port = await freePort();
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PAYMENTS: 'demo', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  await waitFor(`${base}/readyz`, deadline);
  const home = await waitFor(`${base}/`, deadline);
  const homeHtml = await home.text();
  if (!homeHtml.includes('<div id="root">')) throw new Error('the home page is not the built client');
  // Rendered on the server (dist/ssr) with production dependencies only.
  if (!homeHtml.includes('Skip to content')) throw new Error('the home page is not server-rendered');
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
  console.log('production install: npm ci --omit=dev, then the built server starts, serves and stops cleanly');
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
}
