import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises';
import { offlineToolStep } from './offline-tool-call.ts';
import { offlineMindMap, offlineTranslation } from './offline-tools.ts';
import { estimateMessageTokens, estimateTokens } from './tokens.ts';
import { LlmError, type LlmChunk, type LlmMessage, type LlmProvider, type LlmRequest } from './types.ts';

export interface OfflineChatOptions {
  /** Pause between two pieces of 2–4 characters; 0 streams as fast as the event loop allows. */
  delayMs: number;
  /** Shown in the reply. */
  modelLabel?: string;
  /** A reasoning model: a short thinking phase comes before the answer (chat only). */
  reasoning?: boolean;
}

/** The demo thinking of a reasoning model: short, and labelled like the reply. */
export function offlineThinking(messages: LlmMessage[]): string {
  const q = Array.from(lastQuestion(messages).text.replace(/\s+/g, ' ').trim());
  const topic = q.slice(0, 24).join('') + (q.length > 24 ? '…' : '') || '这个问题';
  return [
    `（离线演示的思考过程）用户问的是「${topic}」。`,
    '先弄清楚问题想问什么，再想想需要哪些背景知识。',
    '可以分几步回答：理解问题、分步解答、给出示例。最后检查一遍有没有遗漏。',
  ].join('\n');
}

function lastQuestion(messages: LlmMessage[]): { text: string; images: number } {
  const m = [...messages].reverse().find((x) => x.role === 'user');
  if (!m) return { text: '', images: 0 };
  if (typeof m.content === 'string') return { text: m.content, images: 0 };
  return {
    text: m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' '),
    images: m.content.filter((p) => p.type === 'image').length,
  };
}

/** A clearly labelled demo answer that exercises the renderer: heading, list, code, maths. */
export function offlineReply(messages: LlmMessage[], modelLabel = '当前模型', sources: { title: string }[] = []): string {
  const q = lastQuestion(messages);
  const oneLine = q.text.replace(/\s+/g, ' ').trim();
  const topic = (Array.from(oneLine).slice(0, 24).join('') + (Array.from(oneLine).length > 24 ? '…' : '')).replace(/[`*_#[\]<>]/g, '') || '你的问题';
  const rounds = messages.filter((m) => m.role === 'user').length;
  return [
    `> **离线演示**：「${modelLabel}」尚未配置模型密钥，以下内容由本地演示程序生成，并非真实的 AI 回答。`,
    '',
    `## 关于「${topic}」`,
    '',
    `你的问题共 ${Array.from(q.text).length} 个字${q.images ? `，附带 ${q.images} 张图片` : ''}，这是本次对话的第 ${rounds} 轮。真实模型会这样组织回答：`,
    '',
    '1. **理解问题**：先确认你想知道什么，必要时补充背景。',
    '2. **分步解答**：把复杂的问题拆成几个小步骤，逐一说明。',
    '3. **给出示例**：用代码、公式或例子把结论讲清楚。',
    '',
    '```python',
    'def answer(question: str) -> str:',
    '    """离线演示：把问题原样交还给你。"""',
    '    return f"你问的是：{question}"',
    '```',
    '',
    '顺便演示一个公式，质能方程：',
    '',
    '$$E=mc^2$$',
    '',
    '行内公式同样可以显示，例如 $a^2+b^2=c^2$。',
    '',
    ...(sources.length
      ? [`联网搜索找到了 ${sources.length} 个网页，演示引用：${sources.map((s, i) => `「${s.title.replace(/[`*_#[\]<>|]/g, '')}」[${i + 1}]`).join('，')}。`, '']
      : []),
    '---',
    '管理员设置 `OPENAI_API_KEY`（以及 `OPENAI_BASE_URL`、`OPENAI_MODELS`）后即可获得真实回答。',
  ].join('\n');
}

/** The model used when no key is configured: streams `offlineReply` at a typing-like pace. */
export class OfflineChat implements LlmProvider {
  readonly name = 'offline' as const;

  constructor(private opts: OfflineChatOptions) {}

  async *stream(req: LlmRequest): AsyncGenerator<LlmChunk> {
    const hint = req.offline;
    const step = req.tools?.length ? offlineToolStep(req.messages, req.tools, this.opts.modelLabel ?? '当前模型') : null;
    const text = step
      ? step.text
      : hint?.kind === 'mind'
        ? offlineMindMap(hint.prompt, this.opts.modelLabel)
        : hint?.kind === 'translate'
          ? offlineTranslation(hint.text, hint.from, hint.to, this.opts.modelLabel)
          : offlineReply(req.messages, this.opts.modelLabel, hint?.kind === 'search' ? hint.sources : []);
    const thinking = this.opts.reasoning && !hint ? Array.from(offlineThinking(req.messages)) : [];
    const reply = Array.from(text);
    const pace = () => (this.opts.delayMs > 0 ? sleep(this.opts.delayMs, undefined, { signal: req.signal }) : tick());
    try {
      for (const [type, chars] of [['thinking', thinking], ['delta', reply]] as const) {
        let i = 0;
        while (i < chars.length) {
          if (req.signal?.aborted) throw new LlmError('aborted', 'aborted by the caller');
          const n = 2 + Math.floor(Math.random() * 3);
          yield { type, text: chars.slice(i, i + n).join('') };
          i += n;
          if (i < chars.length || type === 'thinking') await pace();
        }
      }
    } catch (e) {
      if (e instanceof LlmError) throw e;
      if ((e as Error)?.name === 'AbortError') throw new LlmError('aborted', 'aborted by the caller');
      throw e;
    }
    if (step?.calls) yield { type: 'tool_calls', calls: step.calls };
    const prompt = req.messages.reduce((n, m) => n + estimateMessageTokens(m), 0);
    yield { type: 'usage', usage: { promptTokens: prompt, completionTokens: estimateTokens(thinking.join('') + reply.join('')) } };
  }
}
