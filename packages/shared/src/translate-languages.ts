/** Translation (SPEC §1): the languages offered, and a quick guess of the language of a text. */

export interface TranslateLanguage {
  /** BCP 47 code, what the API takes. */
  code: string;
  /** The language's own name, as the picker shows it. */
  label: string;
  /** What the model is told. */
  english: string;
}

export const TRANSLATE_LANGUAGES: readonly TranslateLanguage[] = [
  { code: 'zh-CN', label: '中文（简体）', english: 'Simplified Chinese' },
  { code: 'zh-TW', label: '中文（繁體）', english: 'Traditional Chinese' },
  { code: 'en', label: 'English', english: 'English' },
  { code: 'ja', label: '日本語', english: 'Japanese' },
  { code: 'ko', label: '한국어', english: 'Korean' },
  { code: 'fr', label: 'Français', english: 'French' },
  { code: 'de', label: 'Deutsch', english: 'German' },
  { code: 'es', label: 'Español', english: 'Spanish' },
  { code: 'ru', label: 'Русский', english: 'Russian' },
];

/** The source language when the user lets it be detected. */
export const TRANSLATE_AUTO = 'auto';
export const TRANSLATE_CODES = TRANSLATE_LANGUAGES.map((l) => l.code);
export const translateLanguage = (code: string) => TRANSLATE_LANGUAGES.find((l) => l.code === code) ?? null;

// Characters found only (or mostly) in one of the two written forms of Chinese.
const SIMPLIFIED = /[这们为来时个说对会国过发后还没样么问题经现实里学进东门书车长见开关头买卖亲认让请谁边传应该]/g;
const TRADITIONAL = /[這們為來時個說對會國過發後還沒樣麼問題經現實裡學進東門書車長見開關頭買賣親認讓請誰邊傳應該]/g;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * The language of `text` (one of TRANSLATE_LANGUAGES), or null when it has no letters. A guess by
 * script: kana → Japanese, hangul → Korean, Cyrillic → Russian, Han → Chinese (simplified or
 * traditional by telltale characters), Latin → by accents and common words.
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 4000);
  const kana = count(sample, /[\u3040-\u30ff]/g);
  const hangul = count(sample, /[\uac00-\ud7af\u1100-\u11ff]/g);
  const cyrillic = count(sample, /[\u0400-\u04ff]/g);
  const han = count(sample, /[\u4e00-\u9fff]/g);
  const latin = count(sample, /[A-Za-z\u00c0-\u024f]/g);
  if (kana > 0 && kana * 5 >= han) return 'ja';
  const top = Math.max(hangul, cyrillic, han, latin);
  if (top === 0) return null;
  if (hangul === top) return 'ko';
  if (cyrillic === top) return 'ru';
  if (han === top) return count(sample, TRADITIONAL) > count(sample, SIMPLIFIED) ? 'zh-TW' : 'zh-CN';
  const lower = ` ${sample.toLowerCase().replace(/[^a-z\u00c0-\u024f]+/g, ' ')} `;
  const words = (list: string[]) => list.reduce((n, w) => n + (lower.split(` ${w} `).length - 1), 0);
  const scores: [string, number][] = [
    ['en', words(['the', 'and', 'is', 'of', 'to', 'in', 'that', 'it', 'with', 'for', 'you', 'this'])],
    ['fr', words(['le', 'la', 'les', 'et', 'est', 'des', 'une', 'un', 'pour', 'que', 'dans', 'je', 'vous', 'nous']) + count(sample, /[çèêëàâîôûœ]/gi)],
    ['de', words(['der', 'die', 'das', 'und', 'ist', 'nicht', 'ich', 'mit', 'ein', 'eine', 'zu', 'sie', 'wir']) + count(sample, /[äöüß]/gi)],
    ['es', words(['el', 'la', 'los', 'las', 'y', 'es', 'que', 'de', 'en', 'un', 'una', 'por', 'para', 'con']) + count(sample, /[ñ¿¡áíóú]/gi)],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  return scores[0]![1] > 0 ? scores[0]![0] : 'en';
}
