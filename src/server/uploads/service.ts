import type { Readable } from 'node:stream';
import { AppError } from '../http/errors.js';
import { NOT_AN_IMAGE_MESSAGE, encodeLogo } from './images.js';
import { readLimited, tooLarge } from './limits.js';
import { MAX_UPLOAD_BYTES, isPublicKey, newIncomingKey, newLogoKey, type ObjectStorage, type StoredObject } from './storage.js';
import { msg } from '../../shared/i18n/msg.js';

export const LOGO_TOO_LARGE_MESSAGE = msg('Logo must be 5 MB or smaller');
const uploadCutOff = () => new AppError('validation', msg('The upload was cut off or malformed. Please try again.'));

/** The types a browser may announce for an upload; the bytes are sniffed again when it becomes a logo. */
const announcedImageTypes = new Set(['image/png', 'image/apng', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** `incoming/<id>` out of whatever URL the upload went to: ours, an S3 path-style or virtual-host URL, or the bare key. */
export function incomingKeyFromUrl(value: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(value, 'http://upload.invalid').pathname);
  } catch {
    return null;
  }
  return /(?:^|\/)(incoming\/[a-f0-9]{32})$/.exec(pathname)?.[1] ?? null;
}

export interface MultipartRef {
  key: string;
  uploadId: string;
}

export function createUploadService(storage: ObjectStorage) {
  async function storeLogo(bytes: Buffer): Promise<string> {
    const image = await encodeLogo(bytes);
    const key = newLogoKey(image.extension);
    await storage.put(key, image.data, image.contentType);
    return `/objects/${key}`;
  }

  function checkAnnouncedType(type: string) {
    if (!announcedImageTypes.has(type.toLowerCase())) throw new AppError('unsupported_media', NOT_AN_IMAGE_MESSAGE);
  }

  return {
    /** The registration wizard's logo: read (at most 5 MB), sniffed, re-encoded, stored under a random key. */
    async uploadLogo(file: Readable): Promise<{ logoUrl: string }> {
      const bytes = await readLimited(file, MAX_UPLOAD_BYTES, LOGO_TOO_LARGE_MESSAGE, uploadCutOff);
      if (bytes.length === 0) throw new AppError('validation', msg('The logo file is empty'));
      return { logoUrl: await storeLogo(bytes) };
    },

    /** A logo imported from a web address (the URL import): the same sniffing and re-encoding as any upload. */
    async logoFromBytes(bytes: Buffer): Promise<{ objectPath: string }> {
      if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(LOGO_TOO_LARGE_MESSAGE);
      return { objectPath: await storeLogo(bytes) };
    },

    /** A short-lived URL the admin's browser PUTs one file to; it lands under `incoming/`, never served as is. */
    async createAdminUpload(origin: string): Promise<{ uploadURL: string; method: 'PUT' }> {
      const signed = await storage.presignPut(newIncomingKey(), { origin });
      return { uploadURL: signed.url, method: 'PUT' };
    },

    /** Turns an uploaded file into a logo: the raw upload is sniffed, re-encoded, stored under `logos/`, then dropped. */
    async logoFromUpload(logoImageURL: string): Promise<{ objectPath: string }> {
      const key = incomingKeyFromUrl(logoImageURL);
      if (!key)
        throw new AppError('validation', msg('logoImageURL must be the URL the file was uploaded to'), [{ path: 'logoImageURL', message: msg('Not an upload URL') }]);
      const uploaded = await storage.get(key);
      if (!uploaded) throw new AppError('not_found', msg('The uploaded file was not found. Upload it again.'));
      try {
        if (uploaded.size > MAX_UPLOAD_BYTES) throw tooLarge(LOGO_TOO_LARGE_MESSAGE);
        const bytes = await readLimited(uploaded.stream, MAX_UPLOAD_BYTES, LOGO_TOO_LARGE_MESSAGE);
        return { objectPath: await storeLogo(bytes) };
      } finally {
        uploaded.stream.destroy();
        // Accepted or refused, the raw bytes have served their purpose.
        await storage.delete(key);
      }
    },

    /** Only re-encoded images are public; raw uploads and unknown keys are simply not there. */
    async openPublicObject(key: string): Promise<StoredObject | null> {
      return isPublicKey(key) ? storage.get(key) : null;
    },

    // Companion-style signing endpoints (Uppy @uppy/aws-s3): every key is ours, under incoming/.

    async signSingleUpload(type: string, origin: string) {
      checkAnnouncedType(type);
      const signed = await storage.presignPut(newIncomingKey(), {
        origin,
        contentType: type,
      });
      return {
        method: 'PUT' as const,
        url: signed.url,
        fields: {},
        headers: signed.headers,
      };
    },

    async createMultipart(type: string): Promise<MultipartRef> {
      checkAnnouncedType(type);
      const key = newIncomingKey();
      const { uploadId } = await storage.createMultipartUpload(key, type);
      return { key, uploadId };
    },

    listParts: ({ key, uploadId }: MultipartRef) => storage.listParts(key, uploadId),

    signPart: ({ key, uploadId }: MultipartRef, partNumber: number, origin: string) => storage.presignPart(key, uploadId, partNumber, { origin }),

    completeMultipart: ({ key, uploadId }: MultipartRef, parts: { PartNumber: number; ETag: string }[]) =>
      storage.completeMultipartUpload(key, uploadId, parts),

    abortMultipart: ({ key, uploadId }: MultipartRef) => storage.abortMultipartUpload(key, uploadId),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
