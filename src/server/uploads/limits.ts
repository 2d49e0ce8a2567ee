import { Transform, type Readable } from 'node:stream';
import { AppError } from '../http/errors.js';

export const tooLarge = (message: string) => new AppError('too_large', message);

/** Counts bytes as they pass and fails the pipeline as soon as there are more than `maxBytes`. */
export function byteLimit(maxBytes: number, message: string): Transform & { bytes: () => number } {
  let seen = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(tooLarge(message));
      callback(null, chunk);
    },
  });
  return Object.assign(transform, { bytes: () => seen });
}

/** Reads a stream into memory, refusing it (413) the moment it passes `maxBytes`. */
export async function readLimited(stream: Readable, maxBytes: number, message: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      seen += buffer.length;
      if (seen > maxBytes) throw tooLarge(message);
      chunks.push(buffer);
    }
  } finally {
    if (!stream.readableEnded) stream.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Pipes a request body into `destination` without tying their fates: when the destination fails
 * (too large), the request is only unpiped, not destroyed, so the client still gets our 413
 * instead of a reset connection. A request that breaks off fails the destination.
 */
export function pipeRequestBody(source: Readable, destination: Transform): Transform {
  source.on('error', (error) => destination.destroy(error));
  source.on('close', () => {
    if (!source.readableEnded) destination.destroy(new Error('The upload was interrupted'));
  });
  source.pipe(destination);
  return destination;
}
