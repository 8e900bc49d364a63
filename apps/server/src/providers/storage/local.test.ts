import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local.ts';

const root = mkdtempSync(join(tmpdir(), 'storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const s = new LocalStorage(root, 'https://ai.example.com');

  it('puts, gets and deletes a file under its key', async () => {
    const { url } = await s.put('chat/1/202611/abc.png', Buffer.from('x'), 'image/png');
    expect(url).toBe('/uploads/chat/1/202611/abc.png');
    expect(await s.get('chat/1/202611/abc.png')).toEqual({ body: Buffer.from('x'), contentType: 'image/png' });
    await expect(s.put('chat/1/202611/abc.png', Buffer.from('y'), 'image/png')).rejects.toThrow();
    await s.delete('chat/1/202611/abc.png');
    expect(await s.get('chat/1/202611/abc.png')).toBeNull();
  });

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../x.png', '/etc/passwd.png', 'a/../../b.png', 'a//b.png', 'a\\b.png', 'noext']) {
      await expect(s.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
      expect(await s.get(key)).toBeNull();
    }
  });

  it('knows its own URLs, relative or absolute, and nothing else', () => {
    expect(s.keyOf('/uploads/chat/1/a.png')).toBe('chat/1/a.png');
    expect(s.keyOf('https://ai.example.com/uploads/chat/1/a.png')).toBe('chat/1/a.png');
    expect(s.keyOf('https://evil.example.com/uploads/chat/1/a.png')).toBeNull();
    expect(s.keyOf('/uploads/../a.png')).toBeNull();
    expect(s.keyOf('/static/a.png')).toBeNull();
  });
});
