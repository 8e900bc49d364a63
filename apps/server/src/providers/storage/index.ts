import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { StorageProvider } from './types.ts';

/**
 * S3 when S3_BUCKET is set (then its keys are required); the local disk under DATA_DIR/uploads otherwise.
 * `doFetch`: how S3 requests go out (core/integrations.ts passes a guarded fetch for console settings).
 */
export function createStorageProvider(config: AppConfig, doFetch?: typeof fetch): StorageProvider {
  const env = config.env;
  if (env.S3_BUCKET) {
    const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
    if (missing.length) throw new Error(`Invalid settings:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`);
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL,
      fetch: doFetch,
    });
  }
  const dataDir = resolve(config.dataDir);
  return new LocalStorage(join(dataDir, 'uploads'), config.publicUrl, {
    signingSecret: env.UPLOAD_SIGNING_SECRET ?? uploadSecretOf(dataDir),
  });
}

/**
 * The secret that signs local slice URLs when UPLOAD_SIGNING_SECRET is unset: random, made once per
 * data directory (`.upload-secret`, mode 0600) so that URLs outlive a restart.
 */
export function uploadSecretOf(dataDir: string): string {
  const file = join(dataDir, '.upload-secret');
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    const secret = read();
    if (secret) return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: another process starting at the
  // same moment either wins the link (and we read its secret) or loses it; nobody sees half a file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  const secret = read();
  if (!secret) throw new Error(`${file} is empty: delete it (a new secret is made) or set UPLOAD_SIGNING_SECRET`);
  return secret;
}
