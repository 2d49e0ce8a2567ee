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

/**
 * Reads a stream into memory, refusing it (413) the moment it passes `maxBytes`. A stream that
 * fails for another reason is reported as `interrupted` says when given (a client's upload cut off
 * is a 400, not our fault), as is otherwise.
 */
export async function readLimited(stream: Readable, maxBytes: number, message: string, interrupted?: () => AppError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      seen += buffer.length;
      if (seen > maxBytes) throw tooLarge(message);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError || !interrupted) throw error;
    throw interrupted();
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
  const interrupted = () => new AppError('validation', 'The upload was cut off before the end. Please try again.');
  source.on('error', () => destination.destroy(interrupted()));
  source.on('close', () => {
    if (!source.readableEnded) destination.destroy(interrupted());
  });
  source.pipe(destination);
  return destination;
}
