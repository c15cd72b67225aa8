import path from 'node:path';
import type { Config } from '../env';
import type { Logger } from '../logging/logger';
import { createFilesystemStorage } from './filesystem-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured storage; `logger` hears filesystem failures with their full paths, which answers never show. */
export function createStorage(config: Config, logger?: Logger): Storage {
  if (config.s3) return createS3Storage(config.s3, config.publicUrl);
  return createFilesystemStorage({
    root: path.join(config.dataDir, 'storage'),
    publicBaseUrl: config.publicUrl,
    onError: (error) => logger?.error('storage failure:', error),
  });
}
