import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileOnce } from '../ops/create-file-once.js';

export const SECRETS_KEY_FILE = 'secrets-key';

/** SECRETS_KEY: 32 bytes as 64 hex digits or as base64 (`openssl rand -base64 32`); null for anything else. */
export function parseSecretsKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

/**
 * Without SECRETS_KEY: the key in DATA_DIR/secrets-key, made on first start (owner-only, 0600) and read after.
 * Written to a temporary file and linked into place, so two processes starting at once end up with one key.
 */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  createFileOnce(file, `${crypto.randomBytes(32).toString('base64')}\n`);
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const key = parseSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a secrets key (32 bytes, base64): restore it from a copy, or set SECRETS_KEY`);
  return key;
}
