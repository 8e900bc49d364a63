import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, describeSecretBox, keyFileOf, parseSecretsKey, SecretBox, SecretBoxError } from './secret-box.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'secret-box-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('secret box (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals to a value that holds nothing of the clear text and opens it again', () => {
    const clear = 'sk-proj-abcdefghijklmnop1234';
    const sealed = box.seal(clear, 'model_key');
    expect(sealed).toMatch(/^sb1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(clear);
    expect(sealed).not.toContain('abcdefgh');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(SecretBox.isSealed(clear)).toBe(false);
    expect(box.open(sealed, 'model_key')).toBe(clear);
    // a fresh IV each time
    expect(box.seal(clear, 'model_key')).not.toBe(sealed);
  });

  it('refuses another key, another label, an altered value and a clear value', () => {
    const sealed = box.seal('sk-secret-value', 'model_key');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'model_key')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'pay_secret')).toThrow(SecretBoxError);
    const [p, iv, tag, ct] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([p, iv, tag, flipped.toString('base64url')].join('.'), 'model_key')).toThrow(/another SECRETS_KEY, or altered/);
    expect(() => box.open('sk-secret-value', 'model_key')).toThrow(/not a sealed value/);
  });

  it('reads SECRETS_KEY as hex or base64 of 32 bytes and refuses anything else', () => {
    const raw = randomBytes(32);
    expect(parseSecretsKey(raw.toString('hex'))).toEqual(raw);
    expect(parseSecretsKey(raw.toString('base64'))).toEqual(raw);
    expect(parseSecretsKey(raw.toString('base64url'))).toEqual(raw);
    for (const bad of ['', 'short', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), 'x'.repeat(64)]) {
      expect(() => parseSecretsKey(bad), bad).toThrow(/SECRETS_KEY must be 32 bytes/);
    }
  });

  it('with SECRETS_KEY set, uses it and writes no file', () => {
    const dir = tmp();
    const key = randomBytes(32);
    const s = createSecretBox({ SECRETS_KEY: key.toString('base64') }, dir);
    expect(s.origin).toBe('env');
    expect(new SecretBox(key).open(s.box.seal('v', 'l'), 'l')).toBe('v');
    expect(() => statSync(join(dir, '.secrets-key'))).toThrow();
    expect(describeSecretBox(s)).toContain('SECRETS_KEY');
    expect(describeSecretBox(s)).not.toContain(key.toString('base64'));
  });

  it('without it, makes a key once in DATA_DIR (mode 0600) and says so; a restart reads the same key', () => {
    const dir = join(tmp(), 'nested', 'data');
    const first = createSecretBox({}, dir);
    expect(first).toMatchObject({ origin: 'file', created: true, file: join(dir, '.secrets-key') });
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    const content = readFileSync(first.file!, 'utf8');
    expect(describeSecretBox(first)).toMatch(/SECRETS_KEY is not set: .*just generated in .*\.secrets-key \(mode 0600\)/);
    expect(describeSecretBox(first)).not.toContain(content.trim());

    const sealed = first.box.seal('sk-kept', 'model_key');
    const again = createSecretBox({ SECRETS_KEY: undefined }, dir);
    expect(again).toMatchObject({ origin: 'file', created: false });
    expect(describeSecretBox(again)).toContain('kept in');
    expect(again.box.open(sealed, 'model_key')).toBe('sk-kept');
    expect(readFileSync(first.file!, 'utf8')).toBe(content);
  });

  it('a key file readable by others is made private again; a damaged one stops the start with a clear message', () => {
    const dir = tmp();
    const { file } = keyFileOf(dir);
    chmodSync(file, 0o644);
    keyFileOf(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, 'not a key');
    expect(() => keyFileOf(dir)).toThrow(/does not hold a 32-byte key/);
  });
});
