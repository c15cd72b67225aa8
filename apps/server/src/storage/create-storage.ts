import path from 'node:path';
import type { Config } from '../env';
import { createFilesystemStorage } from './filesystem-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export function createStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config.s3, config.publicUrl);
  return createFilesystemStorage({ root: path.join(config.dataDir, 'storage'), publicBaseUrl: config.publicUrl });
}
