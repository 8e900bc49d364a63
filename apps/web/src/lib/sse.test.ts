import { describe, expect, it } from 'vitest';
import { readSse, SseParser } from './sse.ts';

function parse(chunks: string[]) {
  const events: unknown[] = [];
  const p = new SseParser((e) => events.push(e));
  for (const c of chunks) p.push(c);
  p.end();
  return events;
}

const delta = (text: string) => `data: {"type":"delta","text":${JSON.stringify(text)}}\n\n`;

describe('SseParser', () => {
  it('reads one event per data line', () => {
    expect(parse([delta('你好') + delta('世界')])).toEqual([
      { type: 'delta', text: '你好' },
      { type: 'delta', text: '世界' },
    ]);
  });

  it('joins events split at every possible position', () => {
    const whole = delta('a b') + ': ping\n\n' + delta('c\n') + 'data: {"type":"done","uuid":1}\n\n';
    const expected = [
      { type: 'delta', text: 'a b' },
      { type: 'delta', text: 'c\n' },
      { type: 'done', uuid: 1 },
    ];
    for (let i = 1; i < whole.length; i++) expect(parse([whole.slice(0, i), whole.slice(i)])).toEqual(expected);
    expect(parse(whole.split(''))).toEqual(expected);
  });

  it('accepts CRLF and CR line ends, also with the CRLF split across chunks', () => {
    const crlf = 'data: {"n":1}\r\n\r\ndata: {"n":2}\r\n\r\n';
    expect(parse([crlf])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(parse(['data: {"n":1}\r', '\n\r', '\ndata: {"n":2}\r\n\r\n'])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(parse(['data: {"n":1}\r\rdata: {"n":2}\r\r'])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('delivers several events from one chunk and a data line without the blank line', () => {
    expect(parse(['data: {"n":1}\ndata: {"n":2}\ndata:{"n":3}\n'])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('joins multi-line data and ignores comments, other fields and non-JSON', () => {
    expect(parse(['event: message\nid: 4\ndata: {"a":\ndata: 1}\n\n: keep-alive\n\ndata: [DONE]\n\ndata: hello\n\n'])).toEqual([{ a: 1 }]);
  });

  it('delivers a last event that has no terminator', () => {
    expect(parse(['data: {"n":1}'])).toEqual([{ n: 1 }]);
    expect(parse(['data: {"n":', '2}\r'])).toEqual([{ n: 2 }]);
  });

  it('drops a leading byte order mark', () => {
    expect(parse(['\ufeffdata: {"n":1}\n\n'])).toEqual([{ n: 1 }]);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode(delta('中文数学公式'));
    const chunks = [bytes.slice(0, 31), bytes.slice(31, 33), bytes.slice(33)];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    });
    const events: unknown[] = [];
    await readSse(body, (e) => events.push(e));
    expect(events).toEqual([{ type: 'delta', text: '中文数学公式' }]);
  });
});
