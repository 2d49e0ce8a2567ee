import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/server/auth/secret-box.js';
import { loadOrCreateKeyFile } from '../../src/server/auth/secrets-key.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';

const key = crypto.randomBytes(32);

describe('SECRETS_KEY', () => {
  it('takes 32 bytes as base64 or as hex', () => {
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: key.toString('hex') }).secretsKey).toEqual(key);
    expect(loadConfig({}).secretsKey).toBeNull();
  });

  it('stops start-up naming the variable when it is not 32 bytes', () => {
    for (const bad of ['secret', crypto.randomBytes(16).toString('base64'), crypto.randomBytes(31).toString('hex'), 'z'.repeat(64)]) {
      expect(() => loadConfig({ SECRETS_KEY: bad }), bad).toThrowError(ConfigError);
      expect(() => loadConfig({ SECRETS_KEY: bad }), bad).toThrowError(/SECRETS_KEY: must be 32 bytes/);
    }
  });

  it('is required in production with DATABASE_URL (instances share the database), and not with the embedded one', () => {
    const production = { NODE_ENV: 'production', PAYMENTS: 'demo', DATABASE_URL: 'postgres://u@db:5432/app' };
    expect(() => loadConfig(production)).toThrowError(/SECRETS_KEY: required in production with DATABASE_URL/);
    expect(loadConfig({ ...production, SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo' }).secretsKey).toBeNull();
  });
});

describe('the key file in DATA_DIR', () => {
  it('is made on first start, owner-only, and the same key is read after', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-')), 'data');
    const first = loadOrCreateKeyFile(dataDir);
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, 'secrets-key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(dataDir)).toEqual(first);
    // Loosened by hand: put back to owner-only.
    fs.chmodSync(file, 0o644);
    expect(loadOrCreateKeyFile(dataDir)).toEqual(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'not a key');
    expect(() => loadOrCreateKeyFile(dataDir)).toThrowError(/does not hold a secrets key/);
  });
});

describe('the secret box', () => {
  it('seals with AES-256-GCM: a fresh IV each time, refuses a tampered value or another key, reads a plain legacy value as it is', () => {
    const box = createSecretBox(key);
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toEqual({ secret: 'JBSWY3DPEHPK3PXP' });
    // One bit of the ciphertext flipped (editing its base64 text could change only the padding bits).
    const data = Buffer.from(a.slice(a.lastIndexOf(':') + 1), 'base64url');
    data[0] ^= 1;
    const tampered = `${a.slice(0, a.lastIndexOf(':') + 1)}${data.toString('base64url')}`;
    expect(box.open(tampered)).toEqual({ otherKey: box.keyId });
    const other = createSecretBox(crypto.randomBytes(32));
    expect(other.open(a)).toEqual({ otherKey: box.keyId });
    expect(box.open('JBSWY3DPEHPK3PXP')).toEqual({ secret: 'JBSWY3DPEHPK3PXP' });
  });
});
