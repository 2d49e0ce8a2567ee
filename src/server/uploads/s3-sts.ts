import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { INCOMING_PREFIX } from './storage.js';

export interface StsOptions {
  /** The role the site assumes for the browser: it needs s3:PutObject on the bucket. */
  roleArn: string;
  /** For a regional or local STS; null for AWS's own. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** What Uppy's S3 uploader reads from GET s3/sts. */
export interface TemporaryCredentials {
  credentials: { AccessKeyId: string; SecretAccessKey: string; SessionToken: string; Expiration: string };
  bucket: string;
  region: string;
}

export const stsPolicy = {
  durationSeconds: 900,
  /** Credentials are handed out again until this close to their expiry, then new ones are asked for. */
  renewBeforeMs: 5 * 60 * 1000,
} as const;

/**
 * Temporary credentials for the admin's browser to upload logos straight to the bucket: one
 * AssumeRole call, narrowed by a session policy to putting raw uploads under `incoming/` (where
 * every file is still sniffed and re-encoded before it becomes a logo), shared until near expiry.
 */
export function createStsCredentials(options: StsOptions, now: () => Date = () => new Date()) {
  const client = new STSClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const sessionPolicy = JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        Resource: `arn:aws:s3:::${options.bucket}/${INCOMING_PREFIX}*`,
      },
    ],
  });
  let current: { value: TemporaryCredentials; expiresAt: number } | null = null;
  let pending: Promise<TemporaryCredentials> | null = null;

  async function assume(): Promise<TemporaryCredentials> {
    const result = await client.send(
      new AssumeRoleCommand({ RoleArn: options.roleArn, RoleSessionName: 'logo-uploads', DurationSeconds: stsPolicy.durationSeconds, Policy: sessionPolicy }),
    );
    const c = result.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) throw new Error('STS answered without credentials');
    const value = {
      credentials: { AccessKeyId: c.AccessKeyId, SecretAccessKey: c.SecretAccessKey, SessionToken: c.SessionToken, Expiration: c.Expiration.toISOString() },
      bucket: options.bucket,
      region: options.region,
    };
    current = { value, expiresAt: c.Expiration.getTime() };
    return value;
  }

  return {
    async issue(): Promise<TemporaryCredentials> {
      if (current && current.expiresAt - now().getTime() > stsPolicy.renewBeforeMs) return current.value;
      // Concurrent requests share one AssumeRole call.
      pending ??= assume().finally(() => (pending = null));
      return pending;
    },
    close: () => client.destroy(),
  };
}

export type StsCredentials = ReturnType<typeof createStsCredentials>;
