import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { LlmError, type LlmChunk } from '../../providers/llm/types.ts';
import { estimateTokens } from '../../providers/llm/tokens.ts';
import type { DocumentAction } from './actions.ts';
import { placeOf, type IndexedChunk } from './search-index.ts';

const EXCERPT = 160;

const excerpt = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : chars.join('');
};

/**
 * With no model key configured, document chat still shows what it found: a clearly labelled
 * extract of the passages it would have given the model, with their citations — not a made-up answer.
 */
export function offlineDocumentAnswer(action: DocumentAction, language: string, question: string, passages: IndexedChunk[]): string {
  const shown = passages.slice(0, action.reads === 'search' ? 5 : 8);
  const lines = [
    `> **离线演示**：尚未配置模型密钥，以下内容由本地程序从文档中摘录，并非 AI 生成的「${action.label}」（输出语言：${language}）。`,
    '',
    action.reads === 'search' ? `## 与「${excerpt(question) || action.label}」最相关的原文` : `## 文档节选（${action.label}）`,
    '',
  ];
  shown.forEach((c, i) => {
    lines.push(`**[${i + 1}]** ${placeOf(c) || '原文'}`, '', `> ${excerpt(c.text)} [${i + 1}]`, '');
  });
  if (!shown.length) lines.push('文档中没有找到与问题相关的内容。', '');
  lines.push('---', '管理员设置 `OPENAI_API_KEY` 后，这里将是模型根据上述段落写出的回答。');
  return lines.join('\n');
}

/** Streams `text` like the offline chat model does: small pieces at a typing-like pace. */
export async function* streamText(text: string, delayMs: number, signal: AbortSignal): AsyncGenerator<LlmChunk> {
  const chars = Array.from(text);
  let i = 0;
  try {
    while (i < chars.length) {
      if (signal.aborted) throw new LlmError('aborted', 'aborted by the caller');
      const n = 3 + Math.floor(Math.random() * 4);
      yield { type: 'delta', text: chars.slice(i, i + n).join('') };
      i += n;
      if (i < chars.length) await (delayMs > 0 ? sleep(delayMs, undefined, { signal }) : tick());
    }
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw new LlmError('aborted', 'aborted by the caller');
    throw e;
  }
  yield { type: 'usage', usage: { promptTokens: 0, completionTokens: estimateTokens(text) } };
}
