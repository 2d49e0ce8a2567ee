import crypto from 'node:crypto';
import { AppError } from '../http/errors.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * HMAC signatures for the local adapter's upload URLs, the way S3 presigns: the URL carries its
 * expiry and a MAC over what it allows (method, key, part), so the PUT needs no session.
 */
export interface UrlSigner {
  sign(subject: string, expires: number): string;
  /** Throws 403 when the signature is wrong or the URL has expired. */
  verify(subject: string, expires: number, signature: string): void;
}

export function createUrlSigner(secret: Buffer, nowSeconds: () => number): UrlSigner {
  const mac = (subject: string, expires: number) => crypto.createHmac('sha256', secret).update(`${subject}\n${expires}`).digest();
  return {
    sign: (subject, expires) => mac(subject, expires).toString('hex'),
    verify(subject, expires, signature) {
      const expected = mac(subject, expires);
      const given = /^[a-f0-9]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw new AppError('forbidden', msg('This upload link is not valid. Request a new one.'));
      }
      if (!Number.isSafeInteger(expires) || expires < nowSeconds()) {
        throw new AppError('forbidden', msg('This upload link has expired. Request a new one.'));
      }
    },
  };
}
