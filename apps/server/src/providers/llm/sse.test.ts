import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.ts';

const all = (chunks: (string | Uint8Array)[]) => {
  const out: string[] = [];
  const p = new SseParser((data) => out.push(data));
  for (const c of chunks) p.push(typeof c === 'string' ? Buffer.from(c) : c);
  p.end();
  return out;
};

const STREAM = [
  ': this is a comment',
  '',
  'data: {"a":1}',
  '',
  'event: message',
  'id: 7',
  'data:{"b":"中文"}',
  '',
  'data: line one',
  'data: line two',
  '',
  'retry: 1000',
  'data',
  '',
  'data: [DONE]',
  '',
].join('\n');
const EXPECTED = ['{"a":1}', '{"b":"中文"}', 'line one\nline two', '', '[DONE]'];

describe('SseParser', () => {
  it('reads data lines, skips comments and other fields, joins multi-line data', () => {
    expect(all([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events whatever the chunk boundaries (LF, CRLF, CR)', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = STREAM.replaceAll('\n', eol);
      for (let cut = 0; cut <= text.length; cut++) {
        expect(all([text.slice(0, cut), text.slice(cut)]), `eol=${JSON.stringify(eol)} cut=${cut}`).toEqual(EXPECTED);
      }
      expect(all(Array.from(text))).toEqual(EXPECTED);
    }
  });

  it('gives the same events when a chunk ends inside a UTF-8 character', () => {
    const bytes = Buffer.from(STREAM.replaceAll('\n', '\r\n'));
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(all([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut=${cut}`).toEqual(EXPECTED);
    }
    expect(all(Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(EXPECTED);
    expect(all([new Uint8Array(0), bytes, new Uint8Array(0)])).toEqual(EXPECTED);
  });

  it('decodes only data lines: comments, other fields and look-alike names are skipped', () => {
    expect(all([': 注释\nevent: 中文\ndatax: no\ndata2: no\ndata:yes\n\n'])).toEqual(['yes']);
    expect(all(['data:\ndata\n\n'])).toEqual(['\n']);
  });

  it('a CR at a chunk end followed by LF is one line end, not two', () => {
    expect(all(['data: x\r', '\ndata: y\r\n\r\n'])).toEqual(['x\ny']);
  });

  it('keeps an event not closed by a blank line at the end', () => {
    expect(all(['data: {"last":true}'])).toEqual(['{"last":true}']);
    expect(all(['data: a\n\ndata: b\n'])).toEqual(['a', 'b']);
    expect(all(['data: a\r'])).toEqual(['a']);
    expect(all(['data: 半', '行'])).toEqual(['半行']);
  });

  it('keeps only one leading space of a value and colons inside it', () => {
    expect(all(['data:  two spaces\n\n', 'data: a:b:c\n\n'])).toEqual([' two spaces', 'a:b:c']);
  });
});
