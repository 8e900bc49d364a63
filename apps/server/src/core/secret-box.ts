import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Secrets at rest (model keys, …): AES-256-GCM with a random 96-bit IV per value and an
 * additional-data label binding each value to its purpose (a model key cannot be swapped into
 * another column). A sealed value reads `sb1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const PREFIX = 'sb1';
const KEY_FILE = '.secrets-key';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new SecretBoxError('the secrets key must be 32 bytes');
    this.#key = Buffer.from(key);
  }

  seal(plain: string, label = ''): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(label, 'utf8'));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  /** The clear text; throws SecretBoxError when the value is not sealed, was sealed with another key or label, or was altered. */
  open(sealed: string, label = ''): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== PREFIX) throw new SecretBoxError('not a sealed value');
    const [, iv, tag, ct] = parts as [string, string, string, string];
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(label, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('cannot decrypt: sealed with another SECRETS_KEY, or altered');
    }
  }

  static isSealed(value: string) {
    return value.startsWith(`${PREFIX}.`) && value.split('.').length === 4;
  }
}

/** SECRETS_KEY as 64 hex characters or base64 / base64url of 32 bytes. */
export function parseSecretsKey(value: string): Buffer {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  throw new SecretBoxError('SECRETS_KEY must be 32 bytes, written as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)');
}

/**
 * The key made once per data directory when SECRETS_KEY is unset: random, in `.secrets-key` with
 * mode 0600. Written whole under a private name and linked into place, so two processes starting
 * together agree on one key.
 */
export function keyFileOf(dataDir: string): { key: Buffer; file: string; created: boolean } {
  const dir = resolve(dataDir);
  const file = join(dir, KEY_FILE);
  const read = () => parseSecretsKey(readFileSync(file, 'utf8'));
  try {
    const key = read();
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return { key, file, created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (e instanceof SecretBoxError) throw new SecretBoxError(`${file} does not hold a 32-byte key: restore it from a backup, or set SECRETS_KEY`);
      throw e;
    }
  }
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  let created = true;
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    created = false;
  } finally {
    rmSync(tmp, { force: true });
  }
  return { key: read(), file, created };
}

export interface SecretBoxSource {
  box: SecretBox;
  /** Where the key came from, for the start log (never the key). */
  origin: 'env' | 'file';
  file?: string;
  created?: boolean;
}

export function createSecretBox(env: { SECRETS_KEY?: string }, dataDir: string): SecretBoxSource {
  if (env.SECRETS_KEY) return { box: new SecretBox(parseSecretsKey(env.SECRETS_KEY)), origin: 'env' };
  const { key, file, created } = keyFileOf(dataDir);
  return { box: new SecretBox(key), origin: 'file', file, created };
}

/** One line for the start log. */
export function describeSecretBox(s: SecretBoxSource): string {
  if (s.origin === 'env') return 'secrets at rest (model keys) are encrypted with SECRETS_KEY (AES-256-GCM)';
  return (
    `SECRETS_KEY is not set: secrets at rest (model keys) are encrypted with the key ${s.created ? 'just generated in' : 'kept in'} ${s.file} (mode 0600). ` +
    'Back it up with the database; set SECRETS_KEY (32 bytes, hex or base64) when several instances share the database.'
  );
}
