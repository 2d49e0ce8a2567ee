import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../../http/errors.js';
import { NOT_AN_IMAGE_MESSAGE, SNIFF_BYTES, looksLikeAcceptedImage } from '../images.js';
import { MAX_UPLOAD_BYTES } from '../storage.js';
import { openChecked, refused, type FetchPolicy } from './safe-fetch.js';
import { msg } from '../../../shared/i18n/msg.js';

export const IMPORT_TOO_LARGE_MESSAGE = msg('The image at this address is larger than 5 MB');
const notAnImage = () => new AppError('unsupported_media', NOT_AN_IMAGE_MESSAGE);
const tooLarge = () => new AppError('too_large', IMPORT_TOO_LARGE_MESSAGE);

export interface DownloadLimits {
  maxBytes: number;
  /** The whole download, pauses included. */
  totalTimeoutMs: number;
  /** No byte for this long, while not paused. */
  idleTimeoutMs: number;
}

export const defaultLimits: DownloadLimits = { maxBytes: MAX_UPLOAD_BYTES, totalTimeoutMs: 60_000, idleTimeoutMs: 15_000 };

export interface Progress {
  bytesDownloaded: number;
  bytesTotal: number | null;
}

export interface Download {
  /** The whole file, at most `maxBytes`, whose first bytes name an accepted image format. */
  done: Promise<Buffer>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

const declaredSize = (response: IncomingMessage) => {
  const value = Number(response.headers['content-length']);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
};

/** What Uppy's URL plugin needs before adding the file (POST url/meta): name, type, size, from the headers only. */
export async function remoteFileMeta(url: string, policy: FetchPolicy, limits: DownloadLimits = defaultLimits) {
  const signal = AbortSignal.timeout(Math.min(limits.totalTimeoutMs, 15_000));
  const { response, url: finalUrl } = await openChecked(url, policy, { method: 'GET', signal, idleTimeoutMs: limits.idleTimeoutMs });
  response.destroy();
  const type = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const name = path.posix.basename(decodeSafely(finalUrl.pathname)) || 'logo';
  return { name, type, size: declaredSize(response) };
}

function decodeSafely(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Downloads an image under the address rules of `openChecked`: refused as soon as the declared or
 * received size passes the limit, or the first bytes are not an accepted image; ended by the
 * timeouts or `cancel()`. `pause()` stops reading (TCP back-pressure holds the sender).
 */
export function downloadImage(url: string, policy: FetchPolicy, onProgress: (progress: Progress) => void, limits: DownloadLimits = defaultLimits): Download {
  const controller = new AbortController();
  let response: IncomingMessage | null = null;
  let paused = false;
  let failure: AppError | null = null;
  const fail = (error: AppError) => {
    failure ??= error;
    controller.abort();
    response?.destroy();
  };
  const totalTimer = setTimeout(() => fail(refused(msg('The download took too long'))), limits.totalTimeoutMs);

  const done = (async () => {
    try {
      const opened = await openChecked(url, policy, { method: 'GET', signal: controller.signal, idleTimeoutMs: limits.idleTimeoutMs, onIdle: fail });
      response = opened.response;
      const bytesTotal = declaredSize(response);
      if (bytesTotal !== null && bytesTotal > limits.maxBytes) throw tooLarge();
      if (paused) pauseReading(response);
      return await readImage(response, bytesTotal, limits.maxBytes, onProgress, fail);
    } catch (error) {
      if (failure) throw failure;
      throw error instanceof AppError ? error : refused(msg('The download failed'));
    } finally {
      clearTimeout(totalTimer);
      response?.destroy();
    }
  })();
  // A cancelled download is nobody's unhandled rejection.
  done.catch(() => {});

  function pauseReading(stream: IncomingMessage) {
    stream.pause();
    stream.socket?.setTimeout(0);
  }
  return {
    done,
    pause() {
      paused = true;
      if (response) pauseReading(response);
    },
    resume() {
      paused = false;
      response?.socket?.setTimeout(limits.idleTimeoutMs);
      response?.resume();
    },
    cancel: () => fail(refused(msg('The download was cancelled'))),
  };
}

function readImage(
  response: IncomingMessage,
  bytesTotal: number | null,
  maxBytes: number,
  onProgress: (progress: Progress) => void,
  fail: (error: AppError) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let sniffed: Promise<boolean> | null = null;
    let lastReported = 0;
    const sniff = () => (sniffed ??= looksLikeAcceptedImage(Buffer.concat(chunks).subarray(0, SNIFF_BYTES)));

    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return fail(tooLarge());
      chunks.push(chunk);
      if (received >= SNIFF_BYTES && !sniffed) void sniff().then((ok) => ok || fail(notAnImage()));
      // About every 64 KB: enough for a progress bar, not a message per packet.
      if (received - lastReported >= 64 * 1024) {
        lastReported = received;
        onProgress({ bytesDownloaded: received, bytesTotal });
      }
    });
    response.once('end', () => {
      if (received === 0) return reject(new AppError('validation', msg('The address returned an empty file')));
      void sniff().then((ok) => {
        if (!ok) return reject(notAnImage());
        onProgress({ bytesDownloaded: received, bytesTotal: bytesTotal ?? received });
        resolve(Buffer.concat(chunks));
      }, reject);
    });
    response.once('error', reject);
    response.once('close', () => {
      if (!response.complete) reject(refused(msg('The download was cut off')));
    });
  });
}
