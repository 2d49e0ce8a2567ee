import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createLocalDiskStorage } from './local-disk.js';
import type { ObjectStorage } from './storage.js';

/** The configured object storage: S3 when set, else `<DATA_DIR>/objects`. The AWS SDK (~20 MB of memory) loads only when configured. */
export async function openStorage(config: Config, db: Db): Promise<ObjectStorage> {
  return config.s3 ? (await import('./s3.js')).createS3Storage(config.s3) : createLocalDiskStorage({ root: path.join(config.dataDir, 'objects'), db });
}
