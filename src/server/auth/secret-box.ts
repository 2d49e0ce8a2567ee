import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, like, not, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adminUsers } from '../db/schema.js';

const PREFIX = 'enc:v1:';

/** The key's public name, stored with each sealed value: a restore onto a site with another key is recognised, never guessed at. */
export const keyIdOf = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);

/** What `open` makes of a stored value. */
export type Opened = { secret: string } | { otherKey: string };

/**
 * Two-factor secrets at rest: AES-256-GCM with SECRETS_KEY, stored as `enc:v1:<key id>:<iv>:<tag>:<ciphertext>`.
 * A value without the prefix is a secret stored before encryption: it is read as it is (and sealed at start-up).
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
  const keyId = keyIdOf(key);
  return {
    keyId,
    seal(secret: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${PREFIX}${keyId}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
    },
    /** The secret, or the id of the key it was sealed with when that is not this site's key (or the value was tampered with). */
    open(stored: string): Opened {
      if (!isSealed(stored)) return { secret: stored };
      const [id = '', iv = '', tag = '', data = ''] = stored.slice(PREFIX.length).split(':');
      if (id !== keyId) return { otherKey: id };
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return { secret: Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8') };
      } catch {
        return { otherKey: id };
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * At start-up: seals the secrets stored in plain text (before encryption, or from an old backup restored since).
 * Each row is rewritten only while still plain, so several processes starting at once agree.
 */
export async function sealPlainSecrets(db: Db, box: SecretBox): Promise<number> {
  const plain = await db
    .select({ id: adminUsers.id, secret: adminUsers.totpSecret, pending: adminUsers.totpPendingSecret })
    .from(adminUsers)
    .where(or(and(isNotNull(adminUsers.totpSecret), not(like(adminUsers.totpSecret, `${PREFIX}%`))), and(isNotNull(adminUsers.totpPendingSecret), not(like(adminUsers.totpPendingSecret, `${PREFIX}%`)))));
  const sealIfPlain = (value: string | null) => (value && !isSealed(value) ? box.seal(value) : value);
  for (const row of plain) {
    await db
      .update(adminUsers)
      .set({ totpSecret: sealIfPlain(row.secret), totpPendingSecret: sealIfPlain(row.pending) })
      .where(
        and(
          eq(adminUsers.id, row.id),
          row.secret === null ? isNull(adminUsers.totpSecret) : eq(adminUsers.totpSecret, row.secret),
          row.pending === null ? isNull(adminUsers.totpPendingSecret) : eq(adminUsers.totpPendingSecret, row.pending),
        ),
      );
  }
  return plain.length;
}

/** The accounts whose secret was sealed with another key (a backup restored from another site): their codes cannot be checked. */
export async function accountsSealedWithOtherKey(db: Db, box: SecretBox): Promise<{ username: string; keyId: string }[]> {
  const rows = await db.select({ username: adminUsers.username, secret: adminUsers.totpSecret }).from(adminUsers).where(like(adminUsers.totpSecret, `${PREFIX}%`));
  return rows.flatMap((row) => {
    const opened = box.open(row.secret!);
    return 'otherKey' in opened ? [{ username: row.username, keyId: opened.otherKey }] : [];
  });
}
