import crypto from 'node:crypto';
import fs from 'node:fs';
import { createFileOnce } from '../ops/create-file-once.js';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, like, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { objects } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { byteLimit, pipeRequestBody, tooLarge } from './limits.js';
import { createUrlSigner } from './signing.js';
import {
  INCOMING_PREFIX,
  LOGO_PREFIX,
  MAX_UPLOAD_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  isValidKey,
  randomToken,
  type ObjectStorage,
  type PresignOptions,
  type SignedUploadQuery,
  type UploadedPart,
} from './storage.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

export interface LocalDiskOptions {
  /** Folder holding the objects, e.g. `<dataDir>/objects`. */
  root: string;
  db: Db;
  /** Key for the upload URLs' HMAC; by default a random one kept in `root/.signing-key`, shared by every process using the folder. */
  signingSecret?: Buffer;
  now?: () => Date;
  maxUploadBytes?: number;
}

const uploadIdPattern = /^[a-f0-9]{32}$/;
const MULTIPART_DIR = '.multipart';

/**
 * Objects as files under `root/<key>`, their content type and size in the `objects` table. Uploads
 * from the browser go to URLs on the app itself (`/api/uploads/...`) signed with an HMAC; the app
 * checks signature, expiry and size while it streams them to disk.
 */
export function createLocalDiskStorage(options: LocalDiskOptions): ObjectStorage {
  const { root, db } = options;
  const now = options.now ?? (() => new Date());
  const maxBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  fs.mkdirSync(root, { recursive: true });
  const signer = createUrlSigner(options.signingSecret ?? folderSecret(root), () => Math.floor(now().getTime() / 1000));
  // Written when refused: a message with values is remembered for its translation only for a while (http/message-values.ts).
  const tooLargeMessage = () => withValues(msg('Uploads must be {megabytes} MB or smaller'), { megabytes: String(Math.round(maxBytes / (1024 * 1024))) });

  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new AppError('validation', 'Not a valid object key');
    return path.join(root, key);
  };
  const uploadDir = (uploadId: string) => {
    if (!uploadIdPattern.test(uploadId)) throw new AppError('not_found', msg('Upload not found. Start the upload again.'));
    return path.join(root, MULTIPART_DIR, uploadId);
  };
  const expiry = () => Math.floor(now().getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const signedQuery = (subject: string) => {
    const expires = expiry();
    return `expires=${expires}&sig=${signer.sign(subject, expires)}`;
  };
  const objectSubject = (key: string) => `PUT ${key}`;
  const partSubject = (key: string, uploadId: string, partNumber: number) => `PART ${key} ${uploadId} ${partNumber}`;

  async function record(key: string, contentType: string, size: number) {
    await db
      .insert(objects)
      .values({ key, contentType, size })
      .onConflictDoUpdate({
        target: objects.key,
        set: { contentType, size, createdAt: now() },
      });
  }

  /** Streams `body` into `file` through a temporary name, so readers never see half a file. */
  async function writeFile(file: string, body: Readable, limit: number): Promise<{ size: number; md5: string }> {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomToken()}.tmp`;
    const counter = byteLimit(limit, tooLargeMessage());
    const hash = crypto.createHash('md5');
    const hasher = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(pipeRequestBody(body, counter), hasher, fs.createWriteStream(temporary));
      await fs.promises.rename(temporary, file);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    return { size: counter.bytes(), md5: hash.digest('hex') };
  }

  async function readUpload(key: string, uploadId: string): Promise<{ dir: string; contentType: string }> {
    const dir = uploadDir(uploadId);
    try {
      const meta = JSON.parse(await fs.promises.readFile(path.join(dir, 'meta.json'), 'utf8')) as { key: string; contentType: string };
      if (meta.key === key) return { dir, contentType: meta.contentType };
    } catch {
      // missing or unreadable: treated as unknown below
    }
    throw new AppError('not_found', msg('Upload not found. Start the upload again.'));
  }

  async function partsOf(dir: string): Promise<UploadedPart[]> {
    const names = (await fs.promises.readdir(dir)).filter((name) => /^\d+\.part$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => {
        const partNumber = Number(name.split('.')[0]);
        try {
          const [stat, etag] = await Promise.all([fs.promises.stat(path.join(dir, name)), fs.promises.readFile(path.join(dir, `${partNumber}.etag`), 'utf8')]);
          return { PartNumber: partNumber, ETag: `"${etag}"`, Size: stat.size };
        } catch {
          return null; // a part still being written counts once its ETag is recorded
        }
      }),
    );
    return parts.filter((part): part is UploadedPart => part !== null).sort((a, b) => a.PartNumber - b.PartNumber);
  }

  /**
   * A write cut off before its rename (the process killed or crashed mid-upload) leaves its `.tmp`
   * beside where the object would be, with no row pointing at it: only its age tells it is dead.
   */
  async function removeStaleTemporaries(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const folder of [INCOMING_PREFIX, LOGO_PREFIX]) {
      const dir = path.join(root, folder);
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.tmp'))) {
        const file = path.join(dir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && stat.mtime < olderThan) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  async function remove(key: string) {
    await fs.promises.rm(fileOf(key), { force: true });
    await db.delete(objects).where(eq(objects.key, key));
  }

  const checkDeclaredLength = (declaredLength: number | undefined, limit: number) => {
    if (declaredLength !== undefined && declaredLength > limit) throw tooLarge(tooLargeMessage());
  };

  return {
    kind: 'local-disk',

    async put(key, data, contentType) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomToken()}.tmp`;
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, file);
      await record(key, contentType, data.length);
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      const [row] = await db.select().from(objects).where(eq(objects.key, key));
      if (!row) return null;
      const file = fileOf(key);
      try {
        const stat = await fs.promises.stat(file);
        return {
          contentType: row.contentType,
          size: stat.size,
          stream: fs.createReadStream(file),
        };
      } catch {
        return null;
      }
    },

    delete: remove,

    async purgeStaleUploads(olderThan) {
      const stale = await db
        .select({ key: objects.key })
        .from(objects)
        .where(and(like(objects.key, `${INCOMING_PREFIX}%`), lt(objects.createdAt, olderThan)));
      for (const { key } of stale) await remove(key);
      const multipartRoot = path.join(root, MULTIPART_DIR);
      const uploads = await fs.promises.readdir(multipartRoot).catch(() => [] as string[]);
      let abandoned = 0;
      for (const uploadId of uploads) {
        const dir = path.join(multipartRoot, uploadId);
        const stat = await fs.promises.stat(dir).catch(() => null);
        if (stat && stat.mtime < olderThan) {
          await fs.promises.rm(dir, { recursive: true, force: true });
          abandoned++;
        }
      }
      return stale.length + abandoned + (await removeStaleTemporaries(olderThan));
    },

    async presignPut(key, { origin, contentType }: PresignOptions) {
      fileOf(key);
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      return {
        method: 'PUT',
        url: `${origin}/api/uploads/${key}?${signedQuery(objectSubject(key))}`,
        headers,
      };
    },

    async createMultipartUpload(key, contentType) {
      fileOf(key);
      const uploadId = randomToken();
      const dir = uploadDir(uploadId);
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, 'meta.json'), JSON.stringify({ key, contentType }));
      return { uploadId };
    },

    async listParts(key, uploadId) {
      const { dir } = await readUpload(key, uploadId);
      return partsOf(dir);
    },

    async presignPart(key, uploadId, partNumber, { origin }) {
      await readUpload(key, uploadId);
      const query = `key=${encodeURIComponent(key)}&${signedQuery(partSubject(key, uploadId, partNumber))}`;
      return {
        url: `${origin}/api/uploads/parts/${uploadId}/${partNumber}?${query}`,
      };
    },

    async completeMultipartUpload(key, uploadId, parts) {
      const { dir, contentType } = await readUpload(key, uploadId);
      const uploaded = new Map((await partsOf(dir)).map((part) => [part.PartNumber, part]));
      let previous = 0;
      let total = 0;
      for (const part of parts) {
        const stored = uploaded.get(part.PartNumber);
        if (part.PartNumber <= previous) throw new AppError('validation', 'Parts must be listed once each, in ascending order of PartNumber');
        if (!stored || stored.ETag.replaceAll('"', '') !== part.ETag.replaceAll('"', '')) {
          throw new AppError('validation', `Part ${part.PartNumber} was not uploaded or its ETag does not match`);
        }
        previous = part.PartNumber;
        total += stored.Size;
      }
      if (total > maxBytes) throw tooLarge(tooLargeMessage());
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomToken()}.tmp`;
      try {
        const out = fs.createWriteStream(temporary);
        for (const part of parts) await pipeline(fs.createReadStream(path.join(dir, `${part.PartNumber}.part`)), out, { end: false });
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      await record(key, contentType, total);
      await fs.promises.rm(dir, { recursive: true, force: true });
      return { location: `/api/uploads/${key}` };
    },

    async abortMultipartUpload(key, uploadId) {
      const { dir } = await readUpload(key, uploadId);
      await fs.promises.rm(dir, { recursive: true, force: true });
    },

    signedUploads: {
      async receiveObject(key, query: SignedUploadQuery, body, contentType, declaredLength) {
        signer.verify(objectSubject(key), query.expires, query.sig);
        checkDeclaredLength(declaredLength, maxBytes);
        const { size, md5 } = await writeFile(fileOf(key), body, maxBytes);
        await record(key, contentType ?? 'application/octet-stream', size);
        return { etag: `"${md5}"` };
      },

      async receivePart(key, uploadId, partNumber, query: SignedUploadQuery, body, declaredLength) {
        signer.verify(partSubject(key, uploadId, partNumber), query.expires, query.sig);
        const { dir } = await readUpload(key, uploadId);
        // The whole object may not pass the limit either, so each part gets what the others left.
        const others = (await partsOf(dir)).filter((part) => part.PartNumber !== partNumber).reduce((sum, part) => sum + part.Size, 0);
        const limit = Math.max(0, maxBytes - others);
        checkDeclaredLength(declaredLength, limit);
        const { md5 } = await writeFile(path.join(dir, `${partNumber}.part`), body, limit);
        await fs.promises.writeFile(path.join(dir, `${partNumber}.etag`), md5);
        return { etag: `"${md5}"` };
      },
    },
  };
}

/** The folder's signing key, made once; several processes sharing the folder (and restarts) agree on it. */
function folderSecret(root: string): Buffer {
  const file = path.join(root, '.signing-key');
  createFileOnce(file, crypto.randomBytes(32).toString('hex'));
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (secret.length < 32) throw new Error(`${file} does not hold a signing key; delete it to make a new one`);
  return secret;
}

/** Local storage in a fresh temporary folder, removed on close: what buildApp uses when given none (tests). */
export function createTemporaryLocalDiskStorage(db: Db, now?: () => Date): ObjectStorage {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'objects-'));
  const storage = createLocalDiskStorage({ root, db, now });
  return {
    ...storage,
    close: () => fs.promises.rm(root, { recursive: true, force: true }),
  };
}
