import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { isSafeKey, type StorageProvider } from './types.ts';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', bmp: 'image/bmp' };
export const LOCAL_URL_PREFIX = '/uploads/';

export const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Files under `root`, served back by the app at /uploads/<key>. */
export class LocalStorage implements StorageProvider {
  readonly name = 'local' as const;
  private root: string;

  constructor(
    root: string,
    /** Also recognised in `keyOf`, for URLs made absolute by a client. */
    private publicUrl = '',
  ) {
    this.root = resolve(root);
  }

  private path(key: string) {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const p = join(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return p;
  }

  async put(key: string, body: Buffer, _contentType?: string) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body, { flag: 'wx' });
    return { key, url: LOCAL_URL_PREFIX + key };
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      return { body: await readFile(this.path(key)), contentType: contentTypeOf(key) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    if (isSafeKey(key)) await rm(this.path(key), { force: true });
  }

  keyOf(url: string) {
    let path = url;
    if (this.publicUrl && url.startsWith(this.publicUrl + '/')) path = url.slice(this.publicUrl.length);
    if (!path.startsWith(LOCAL_URL_PREFIX)) return null;
    const key = path.slice(LOCAL_URL_PREFIX.length);
    return isSafeKey(key) ? key : null;
  }
}
