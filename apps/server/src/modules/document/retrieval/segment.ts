/**
 * Terms for keyword search: jieba's search-mode cut (words and their sub-words, so "违约金"
 * also yields "违约"), lower-cased; punctuation, spaces and stopwords dropped; English words
 * lightly stemmed so "contracts" finds "contract".
 */
import { createRequire } from 'node:module';
import type { Jieba as JiebaType } from '@node-rs/jieba';

const require = createRequire(import.meta.url);
let jieba: JiebaType | null = null;

function getJieba(): JiebaType {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

const STOPWORDS = new Set(
  (
    // Chinese function words and question words
    '的 了 着 过 是 在 和 与 及 或 而 且 并 也 都 就 还 又 再 才 只 但 则 即 等 之 其 此 这 那 这个 那个 这些 那些 ' +
    '有 没有 被 把 让 给 对 于 对于 关于 为 为了 以 以及 将 从 由 向 往 到 自 跟 同 比 按 按照 根据 ' +
    '吗 呢 吧 啊 呀 哦 嘛 么 的话 什么 怎么 怎样 怎么样 如何 为何 为什么 哪 哪些 哪个 哪里 多少 几 谁 ' +
    '请问 请 一下 一个 一些 一种 可以 能 能够 会 要 需要 应该 是否 是不是 吗 我 你 您 他 她 它 我们 你们 他们 ' +
    '个 中 上 下 内 外 时 后 前 里 ' +
    // English
    'a an the of to in on at for from by with about as into over under and or but nor not no so than then ' +
    'is are was were be been being am do does did done have has had having will would shall should can could may might must ' +
    'this that these those it its it\'s i me my we our you your he him his she her they them their ' +
    'what which who whom whose when where why how there here if else any all some such very just also only ' +
    'please tell show give'
  ).split(/\s+/),
);

const WORD = /[\p{L}\p{N}]/u;
const LATIN = /^[a-z0-9][a-z0-9'’-]*$/;

/** A light English stemmer: plurals, -ing, -ed, -ly. Enough to match inflected forms. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  else if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Search terms of a text (query or document), in order; repeated terms are kept. A term never contains whitespace. */
export function segment(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const raw of getJieba().cutForSearch(text.normalize('NFKC'), true)) {
    const token = raw.trim().toLowerCase();
    if (!token || !WORD.test(token)) continue;
    if (LATIN.test(token) || /[^\p{Script=Han}]/u.test(token)) {
      // Latin, digits and mixed tokens: split at anything that is not a letter or digit.
      for (const part of token.split(/[^\p{L}\p{N}]+/u)) {
        if (!part || STOPWORDS.has(part)) continue;
        out.push(/^[a-z]+$/.test(part) ? stem(part) : part);
      }
      continue;
    }
    if (STOPWORDS.has(token)) continue;
    out.push(token);
  }
  return out;
}
