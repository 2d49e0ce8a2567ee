import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/** The most bytes any single upload (a logo file, a multipart part, a whole multipart object) may have. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024; // 5242880: a logo is at most 5 MB

/** How long a signed upload URL (local or S3) stays usable. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export interface StoredObject {
  contentType: string;
  size: number;
  stream: Readable;
}

export interface PresignedPut {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export interface PresignOptions {
  /**
   * The origin the browser talks to (scheme://host); the local adapter points its signed URLs
   * there so the browser's PUT stays same-origin. S3 ignores it.
   */
  origin: string;
  contentType?: string;
}

/**
 * The storage port: where uploaded objects live. Two adapters: local disk (default) and any
 * S3-compatible store. Keys are ours (random, see `newObjectKey`); callers never pass a client's key
 * without checking it against `isIncomingKey` / `isPublicKey` first.
 */
export interface ObjectStorage {
  readonly kind: 'local-disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** A short-lived URL the browser sends one object's bytes to with PUT. */
  presignPut(key: string, options: PresignOptions): Promise<PresignedPut>;
  createMultipartUpload(key: string, contentType: string): Promise<{ uploadId: string }>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  presignPart(key: string, uploadId: string, partNumber: number, options: PresignOptions): Promise<{ url: string }>;
  completeMultipartUpload(key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]): Promise<{ location: string }>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * Removes raw uploads (and unfinished multipart uploads, and the temporary files of writes cut
   * off mid-way) older than `olderThan` that never became a logo; returns how many. Local disk only: on S3 a lifecycle rule on `incoming/` does this.
   */
  purgeStaleUploads?(olderThan: Date): Promise<number>;
  /** Present only when the app itself receives the signed uploads (local disk). */
  readonly signedUploads?: SignedUploadReceiver;
  close?(): Promise<void>;
}

export interface SignedUploadQuery {
  expires: number;
  sig: string;
}

/** The receiving end of the local adapter's signed URLs, served by the app under /api/uploads. */
export interface SignedUploadReceiver {
  receiveObject(
    key: string,
    query: SignedUploadQuery,
    body: Readable,
    contentType: string | undefined,
    declaredLength: number | undefined,
  ): Promise<{ etag: string }>;
  receivePart(
    key: string,
    uploadId: string,
    partNumber: number,
    query: SignedUploadQuery,
    body: Readable,
    declaredLength: number | undefined,
  ): Promise<{ etag: string }>;
}

/** Prefixes of keys: `incoming/` holds raw, unchecked uploads; `logos/` holds re-encoded images, served publicly. */
export const INCOMING_PREFIX = 'incoming/';
export const LOGO_PREFIX = 'logos/';

const incomingKeyPattern = /^incoming\/[a-f0-9]{32}$/;
const publicKeyPattern = /^logos\/[a-f0-9]{32}\.(webp|png)$/;
/** Every key any adapter accepts: a known prefix and a random name, nothing that can walk a path. */
const anyKeyPattern = /^(incoming|logos)\/[a-f0-9]{32}(\.(webp|png))?$/;

export const randomToken = () => crypto.randomBytes(16).toString('hex');
export const newIncomingKey = () => `${INCOMING_PREFIX}${randomToken()}`;
export const newLogoKey = (extension: 'webp' | 'png') => `${LOGO_PREFIX}${randomToken()}.${extension}`;

export const isIncomingKey = (key: string) => incomingKeyPattern.test(key);
/** Only re-encoded images are served from /objects; raw uploads never are. */
export const isPublicKey = (key: string) => publicKeyPattern.test(key);
export const isValidKey = (key: string) => anyKeyPattern.test(key);
