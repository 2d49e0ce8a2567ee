import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors.js';
import { MAX_UPLOAD_BYTES } from './storage.js';
import { msg } from '../../shared/i18n/msg.js';

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
  const interrupted = () => new AppError('validation', msg('The upload was cut off before the end. Please try again.'));
  source.on('error', () => destination.destroy(interrupted()));
  source.on('close', () => {
    if (!source.readableEnded) destination.destroy(interrupted());
  });
  source.pipe(destination);
  return destination;
}

/** A refused upload's body is still read to its end (and dropped) when it has at most `maxBytes` in all, and arrives within `timeoutMs`. */
export const refusedBodyDrain = { maxBytes: 2 * MAX_UPLOAD_BYTES, timeoutMs: 10_000 } as const;

/**
 * Called on an error answer to an upload. When we stopped reading the body part way (a 413 while
 * streaming, a 400 on the form…), the rest is still on its way, and a keep-alive connection would
 * wait for a next request behind it forever. The rest is read and dropped, up to a bound, so the
 * connection can carry the next request; closing at once instead would reset the connection with
 * bytes unread, and the client could lose our answer. A body announced (or found) beyond the bound
 * gets `Connection: close` (or, mid-way, the socket is destroyed).
 */
export function settleRefusedBody(request: IncomingMessage, reply: FastifyReply): void {
  if (request.complete || request.readableEnded || request.destroyed) return;
  const declared = Number(request.headers['content-length']);
  if (declared > refusedBodyDrain.maxBytes) {
    // Node closes the socket once the answer is sent.
    reply.header('Connection', 'close');
    return;
  }
  // Counted from here, not from the start: generous, yet bounded.
  let left = refusedBodyDrain.maxBytes;
  // An injected request (tests, light-my-request) has a stand-in socket without destroy().
  const giveUp = () => (typeof request.socket?.destroy === 'function' ? request.socket.destroy() : request.destroy());
  const timer = setTimeout(giveUp, refusedBodyDrain.timeoutMs);
  timer.unref();
  for (const done of ['end', 'close'] as const) request.once(done, () => clearTimeout(timer));
  // Whoever read the body so far (a byte counter, busboy) has stopped: nothing may hold it back now.
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) giveUp();
  });
  request.resume();
}
