/**
 * Line breaking of a node's text at a width, the way the browser breaks it on screen: between
 * any two CJK characters, at spaces between Latin words, never before a closing mark (，。）)
 * nor after an opening one (（《「). A word wider than the line stands alone on its line.
 */

const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
const NO_LINE_START = /^[，。、；：！？）》」』】〕〉”’…·,.;:!?)\]}%]/;
const NO_LINE_END = /[（《「『【〔〈“‘([{]$/;

/** The pieces a line may break between. */
export function breakable(text: string): string[] {
  const pieces: string[] = [];
  let word = '';
  const flush = () => {
    if (word) pieces.push(word);
    word = '';
  };
  for (const ch of text) {
    if (CJK.test(ch) && !NO_LINE_START.test(ch)) {
      flush();
      pieces.push(ch);
    } else if (ch === ' ') {
      if (!word && pieces.length) pieces[pieces.length - 1] += ch;
      else {
        word += ch;
        flush();
      }
    } else if (NO_LINE_START.test(ch) && !word && pieces.length) {
      pieces[pieces.length - 1] += ch;
    } else {
      if (word.endsWith(' ')) flush();
      word += ch;
    }
  }
  flush();
  // An opening mark stays with what follows it.
  const out: string[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last !== undefined && NO_LINE_END.test(last)) out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

/** The lines of `text` at most `width` wide by `measure` (trailing spaces do not count). */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [''];
  const lines: string[] = [];
  let line = '';
  for (const piece of breakable(flat)) {
    const next = line + piece;
    if (!line || measure(next.trimEnd()) <= width) line = next;
    else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}
