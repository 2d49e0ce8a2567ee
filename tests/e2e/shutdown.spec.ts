import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './fresh-site';

// Stopped as an orchestrator stops it: SIGTERM, with whatever read its output gone (a log collector
// restarting, a closed terminal). The development log (pretty-printed) once kept the process alive.
const graceSeconds = 4;

async function startBuiltServer(nodeEnv: 'development' | 'production') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-e2e-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: nodeEnv,
    PAYMENTS: 'demo',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  };
  const child = spawn(process.execPath, [`${process.env.SITE_DIST ?? 'dist'}/server/main.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 60_000;
  while (!output.includes(`running at ${url}`)) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Closes the reading end of the server's output, then logs through it (requests are logged). */
async function breakItsOutput(url: string, child: ChildProcess) {
  child.stdout!.destroy();
  child.stderr!.destroy();
  for (let i = 0; i < 5; i += 1) await fetch(`${url}/api/tournaments`);
}

async function secondsToExit(exited: Promise<number | null>, child: ChildProcess) {
  const startedAt = Date.now();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, seconds: (Date.now() - startedAt) / 1000 };
}

test.describe('shutdown', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const nodeEnv of ['development', 'production'] as const) {
    test(`exits within its deadline after SIGTERM with its output pipe closed (${nodeEnv} logging, three times)`, async () => {
      for (let run = 0; run < 3; run += 1) {
        const server = await startBuiltServer(nodeEnv);
        try {
          await breakItsOutput(server.url, server.child);
          const { code, seconds } = await secondsToExit(server.exited, server.child);
          expect(code, `run ${run + 1}`).toBe(0);
          expect(seconds, `run ${run + 1}`).toBeLessThan(graceSeconds);
        } finally {
          server.child.kill('SIGKILL');
          server.cleanUp();
        }
      }
    });
  }

  test('gives a request still in flight its grace period, then exits anyway with a failure code', async () => {
    const server = await startBuiltServer('production');
    try {
      // Half a body: the request stays in flight until the deadline.
      const request = http.request(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': '500', Origin: server.url } });
      request.on('error', () => {});
      request.write('{"name":"Slow');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { code, seconds } = await secondsToExit(server.exited, server.child);
      expect(code).toBe(1);
      expect(seconds).toBeGreaterThanOrEqual(graceSeconds - 0.5);
      expect(seconds).toBeLessThan(graceSeconds + 3);
      request.destroy();
    } finally {
      server.child.kill('SIGKILL');
      server.cleanUp();
    }
  });
});
