import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * Real server processes for tests that need what only a process shows (migrations racing, exits,
 * signals, log lines): the sources through tsx, so no build is needed.
 */
export interface ServerProcess {
  name: string;
  url: string;
  /** The origin the process believes it serves (PUBLIC_URL): unsafe requests must come from it. */
  publicUrl: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PAYMENTS: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Production would send an owner without two-factor to enrolment first (two-factor.test.ts covers that).
      ADMIN_REQUIRE_2FA: 'off',
      // Required in production with DATABASE_URL; one key for every instance of a test.
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return { name, url, publicUrl: env.PUBLIC_URL ?? url, child, output, exited };
}

export async function waitUntilReady(instance: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void instance.exited.then(() => (hasExited = true));
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`${instance.name} exited while starting:\n${instance.output.join('\n')}`);
    try {
      const response = await fetch(`${instance.url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${instance.name} was not ready after ${timeoutMs} ms:\n${instance.output.join('\n')}`);
}

export async function stopServerProcess(instance: ServerProcess | undefined): Promise<void> {
  if (instance && instance.child.exitCode === null && instance.child.signalCode === null) {
    instance.child.kill('SIGKILL');
    await instance.exited;
  }
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL's: its URL and how to drop it. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}) };
}

/** One JSON request to a server process, from its own origin. */
export async function send(instance: ServerProcess, method: string, url: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { origin: instance.publicUrl } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
