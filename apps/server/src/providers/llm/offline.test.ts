import { describe, expect, it } from 'vitest';
import { OfflineChat, offlineReply } from './offline.ts';
import { LlmError } from './types.ts';

describe('offline adapter', () => {
  it('builds a labelled demo reply with a heading, a list, code and a formula', () => {
    const text = offlineReply([{ role: 'user', content: '怎么学习 Python？' }], '极速对话');
    expect(text).toContain('离线演示');
    expect(text).toContain('极速对话');
    expect(text).toContain('## 关于「怎么学习 Python？」');
    expect(text).toMatch(/^1\. /m);
    expect(text).toContain('```python');
    expect(text).toContain('$$E=mc^2$$');
  });

  it('streams it in pieces of 2–4 characters at the configured pace', async () => {
    const chat = new OfflineChat({ delayMs: 2 });
    const pieces: string[] = [];
    let usage = null;
    const t0 = Date.now();
    for await (const c of chat.stream({ model: 'x', messages: [{ role: 'user', content: '你好' }] })) {
      if (c.type === 'delta') pieces.push(c.text);
      else if (c.type === 'usage') usage = c.usage;
    }
    const full = pieces.join('');
    expect(full).toBe(offlineReply([{ role: 'user', content: '你好' }]));
    const lengths = pieces.slice(0, -1).map((p) => Array.from(p).length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(4);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(pieces.length * 2 * 0.8);
    expect(usage).toMatchObject({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
  });

  it('stops when aborted', async () => {
    const ctrl = new AbortController();
    const chat = new OfflineChat({ delayMs: 5 });
    let n = 0;
    await expect(
      (async () => {
        for await (const c of chat.stream({ model: 'x', messages: [{ role: 'user', content: 'q' }], signal: ctrl.signal })) {
          if (c.type === 'delta' && ++n === 3) ctrl.abort();
        }
      })(),
    ).rejects.toSatisfy((e) => e instanceof LlmError && e.kind === 'aborted');
    expect(n).toBe(3);
  });
});
