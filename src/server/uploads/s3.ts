import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../http/errors.js';
import { UPLOAD_URL_TTL_SECONDS, type ObjectStorage, type UploadedPart } from './storage.js';
import { msg } from '../../shared/i18n/msg.js';

export interface S3StorageOptions {
  bucket: string;
  /** For MinIO, R2, a local stand-in…; null for AWS itself. Path-style addressing is used when set. */
  endpoint: string | null;
  region: string;
  /** Both or neither; without them the SDK's default chain (env, instance role…) applies. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

const missingCodes = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);
const isMissing = (error: unknown) => error instanceof S3ServiceException && (missingCodes.has(error.name) || error.$metadata.httpStatusCode === 404);

const uploadNotFound = () => new AppError('not_found', msg('Upload not found. Start the upload again.'));

/** Any S3-compatible store through the AWS SDK; browsers upload straight to the bucket with presigned URLs. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // Presigned URLs must not carry a checksum of an empty body, and not every S3-compatible
    // store speaks the newer flexible checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          contentType: result.ContentType ?? 'application/octet-stream',
          size: result.ContentLength ?? 0,
          stream: result.Body as Readable,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async presignPut(key, { contentType }) {
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn: UPLOAD_URL_TTL_SECONDS });
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      return { method: 'PUT', url, headers };
    },

    async createMultipartUpload(key, contentType) {
      const result = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
        }),
      );
      return { uploadId: result.UploadId! };
    },

    async listParts(key, uploadId) {
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListPartsCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              PartNumberMarker: marker,
            }),
          );
          for (const part of page.Parts ?? [])
            parts.push({
              PartNumber: part.PartNumber!,
              ETag: part.ETag!,
              Size: part.Size ?? 0,
            });
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (error) {
        if (isMissing(error)) throw uploadNotFound();
        throw error;
      }
      return parts;
    },

    async presignPart(key, uploadId, partNumber) {
      const url = await getSignedUrl(
        client,
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
        }),
        {
          expiresIn: UPLOAD_URL_TTL_SECONDS,
        },
      );
      return { url };
    },

    async completeMultipartUpload(key, uploadId, parts) {
      try {
        const result = await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map((p): Part => ({
                PartNumber: p.PartNumber,
                ETag: p.ETag,
              })),
            },
          }),
        );
        return { location: result.Location ?? key };
      } catch (error) {
        if (isMissing(error)) throw uploadNotFound();
        if (error instanceof S3ServiceException && ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(error.name)) {
          throw new AppError('validation', `The storage refused the parts: ${error.message}`);
        }
        throw error;
      }
    },

    async abortMultipartUpload(key, uploadId) {
      try {
        await client.send(
          new AbortMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
          }),
        );
      } catch (error) {
        if (isMissing(error)) throw uploadNotFound();
        throw error;
      }
    },

    async close() {
      client.destroy();
    },
  };
}
