import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalStorage } from './local.ts';
import type { StorageProvider } from './types.ts';

export function createStorageProvider(config: AppConfig): StorageProvider {
  return new LocalStorage(join(config.dataDir, 'uploads'), config.publicUrl);
}
