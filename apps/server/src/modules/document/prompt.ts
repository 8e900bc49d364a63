import type { LlmMessage } from '../../providers/llm/types.ts';
import type { DocumentAction } from './actions.ts';
import { placeOf, type IndexedChunk } from './search-index.ts';

export interface DocumentPromptInput {
  title: string;
  action: DocumentAction;
  language: string;
  question: string;
  passages: IndexedChunk[];
  /** The passages are the whole document (false: a selection of it). */
  complete: boolean;
  history: { role: 'user' | 'assistant'; text: string }[];
}

/** The passages, numbered [1]…[n] with their page or section, and the rules for answering from them. */
export function buildDocumentPrompt(p: DocumentPromptInput): LlmMessage[] {
  const scope =
    p.action.reads === 'search'
      ? '以下是文档中与问题最相关的段落'
      : p.complete
        ? '以下是文档的全部内容'
        : '文档较长，以下是从全文中均匀选取的段落（按原文顺序）';
  const passages = p.passages.map((c, i) => `[${i + 1}]${placeOf(c) ? `（${placeOf(c)}）` : ''}\n${c.text}`).join('\n\n');
  const system = [
    `你是一名严谨的文档分析助手。用户上传了文档《${p.title}》。${scope}，每段以 [编号] 开头并注明页码或章节。`,
    p.action.instruction,
    `请使用${p.language}作答。`,
    '引用文档内容时，在句末用 [编号] 标注出处（可以多个，如 [2][5]），不要编造文档中没有的内容。',
    p.action.reads === 'whole' && !p.complete ? '注意：你看到的只是文档的一部分，请在结尾说明内容基于节选。' : '',
    '',
    '=== 文档内容 ===',
    passages,
    '=== 文档内容结束 ===',
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  const ask = p.question.trim() ? `${p.action.label}：${p.question.trim()}` : p.action.label;
  return [
    { role: 'system', content: system },
    ...p.history.map((m) => ({ role: m.role, content: m.text })),
    { role: 'user', content: ask },
  ];
}

/** The passage numbers an answer cites, in order of first mention, within 1..max. */
export function citedNumbers(text: string, max: number): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= max) seen.add(n);
  }
  return [...seen];
}
