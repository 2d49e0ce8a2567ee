import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { createLocalDiskStorage } from '../../src/server/uploads/local-disk.js';
import { newIncomingKey, newLogoKey, type ObjectStorage } from '../../src/server/uploads/storage.js';
import { createClock, createTestDatabase, type TestClock } from '../support/test-app.js';

// The local disk adapter on its own: files, metadata rows, and the sweep of abandoned uploads.

let database: Database;
let root: string;
let clock: TestClock;
let storage: ObjectStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'objects-test-'));
  clock = createClock();
  storage = createLocalDiskStorage({ root, db: database.db, now: clock.now });
});

afterAll(async () => {
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const read = async (key: string) => {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return { contentType: object.contentType, size: object.size, bytes: Buffer.concat(chunks) };
};

describe('local disk storage', () => {
  it('keeps bytes on disk and type and size in the objects table', async () => {
    const key = newLogoKey('webp');
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('webp bytes');
    expect(await read(key)).toEqual({ contentType: 'image/webp', size: 10, bytes: Buffer.from('webp bytes') });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(fs.existsSync(path.join(root, key))).toBe(false);
  });

  it('refuses keys that are not ours', async () => {
    for (const key of ['../outside', 'logos/../../x', '/etc/passwd', 'other/0123456789abcdef0123456789abcdef']) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({ code: 'validation' });
    }
  });

  it('signs with a key kept in the folder, so another process on the same folder accepts the URL', async () => {
    const other = createLocalDiskStorage({ root, db: database.db, now: clock.now });
    const key = newIncomingKey();
    const signed = new URL((await storage.presignPut(key, { origin: 'http://localhost' })).url);
    const query = { expires: Number(signed.searchParams.get('expires')), sig: signed.searchParams.get('sig')! };
    await other.signedUploads!.receiveObject(key, query, Readable.from([Buffer.from('raw')]), 'image/png', 3);
    expect((await read(key))?.bytes.toString()).toBe('raw');
    await storage.delete(key);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'objects-other-'));
    try {
      const stranger = createLocalDiskStorage({ root: elsewhere, db: database.db, now: clock.now });
      await expect(stranger.signedUploads!.receiveObject(key, query, Readable.from([Buffer.from('raw')]), 'image/png', 3)).rejects.toMatchObject({
        code: 'forbidden',
      });
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('sweeps raw uploads and unfinished multipart uploads older than the cut-off, and leaves logos alone', async () => {
    const logo = newLogoKey('webp');
    await storage.put(logo, Buffer.from('logo'), 'image/webp');
    const oldUpload = newIncomingKey();
    const signed = new URL((await storage.presignPut(oldUpload, { origin: 'http://localhost' })).url);
    const query = { expires: Number(signed.searchParams.get('expires')), sig: signed.searchParams.get('sig')! };
    await storage.signedUploads!.receiveObject(oldUpload, query, Readable.from([Buffer.from('raw')]), 'image/png', 3);
    const { uploadId } = await storage.createMultipartUpload(newIncomingKey(), 'image/png');

    expect(await storage.purgeStaleUploads!(new Date(Date.now() - 60_000))).toBe(0);
    expect(await read(oldUpload)).not.toBeNull();

    expect(await storage.purgeStaleUploads!(new Date(Date.now() + 60_000))).toBe(2);
    expect(await storage.get(oldUpload)).toBeNull();
    expect(fs.existsSync(path.join(root, '.multipart', uploadId))).toBe(false);
    expect(await read(logo)).not.toBeNull();
  });

  it('sweeps the temporary files of uploads cut off mid-way (a crash, a killed process) once past the cut-off', async () => {
    fs.mkdirSync(path.join(root, 'incoming'), { recursive: true });
    fs.mkdirSync(path.join(root, 'logos'), { recursive: true });
    const stale = path.join(root, `${newIncomingKey()}.0123456789abcdef0123456789abcdef.tmp`);
    const staleLogo = path.join(root, `${newLogoKey('webp')}.0123456789abcdef0123456789abcdef.tmp`);
    const fresh = path.join(root, `${newIncomingKey()}.fedcba9876543210fedcba9876543210.tmp`);
    fs.writeFileSync(stale, 'half an upload');
    fs.writeFileSync(fresh, 'an upload still arriving');
    fs.writeFileSync(staleLogo, 'half a logo');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    for (const file of [stale, staleLogo]) fs.utimesSync(file, twoDaysAgo, twoDaysAgo);

    expect(await storage.purgeStaleUploads!(new Date(Date.now() - 24 * 3_600_000))).toBe(2);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(staleLogo)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});
