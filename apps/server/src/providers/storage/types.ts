/** Where uploaded files live. Adapters: local (default, under DATA_DIR/uploads); S3-compatible later. */
export interface StorageProvider {
  readonly name: 'local';
  /** Stores `body` under `key` (a relative path like `chat/12/ab.png`); returns the URL to hand out. */
  put(key: string, body: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** The key behind a URL this store handed out; null for any other URL. */
  keyOf(url: string): string | null;
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,5}$/;

/** Keys are plain relative paths: no `..`, no leading slash, no odd characters. */
export const isSafeKey = (key: string) => key.length <= 300 && KEY.test(key);
