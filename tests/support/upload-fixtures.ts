import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/client.js';
import type { ObjectStorage } from '../../src/server/uploads/storage.js';
import { adminCredentials, createClock, createTestDatabase } from './test-app.js';

/** The app on a fresh database with storage the test builds (S3 against a stand-in, a known folder…). */
export async function createAppWithStorage(makeStorage: (db: Db) => ObjectStorage, env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const clock = createClock();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '5000', ...env });
  const storage = makeStorage(database.db);
  const built = await buildApp({ config, database, now: clock.now, storage });
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  afterAll(async () => {
    await built.app.close();
    await storage.close?.();
    await database.close();
  });
  async function login(): Promise<string> {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: adminCredentials,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
  }
  return { ...built, database, clock, config, storage, login };
}

export const pngImage = (width = 64, height = 48) =>
  sharp({
    create: {
      width,
      height,
      channels: 4,
      background: { r: 200, g: 30, b: 60, alpha: 1 },
    },
  })
    .png()
    .toBuffer();

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A valid PNG followed by an HTML page: a browser sniffing it could run the script. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await pngImage(), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
}

/**
 * A tiny PNG whose header claims `width` x `height`: what a decompression bomb looks like to a
 * parser that trusts it. Its one IDAT row is real; the rest would be allocated, never read.
 */
export function pngClaimingSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body as a browser would send it, for app.inject. */
export async function multipartBody(field: string, bytes: Buffer, filename = 'logo.png', type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** Path and query of an absolute URL, for app.inject. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
