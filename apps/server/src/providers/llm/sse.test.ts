import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.ts';

const all = (chunks: string[]) => {
  const p = new SseParser();
  const out: string[] = [];
  for (const c of chunks) out.push(...p.push(c));
  out.push(...p.end());
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

  it('a CR at a chunk end followed by LF is one line end, not two', () => {
    expect(all(['data: x\r', '\ndata: y\r\n\r\n'])).toEqual(['x\ny']);
  });

  it('keeps an event not closed by a blank line at the end', () => {
    expect(all(['data: {"last":true}'])).toEqual(['{"last":true}']);
    expect(all(['data: a\n\ndata: b\n'])).toEqual(['a', 'b']);
  });

  it('keeps only one leading space of a value and colons inside it', () => {
    expect(all(['data:  two spaces\n\n', 'data: a:b:c\n\n'])).toEqual([' two spaces', 'a:b:c']);
  });
});
