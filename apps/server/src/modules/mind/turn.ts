import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ChatMindBody, type MindStreamEvent } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { minds } from '../../db/schema/index.ts';
import type { LlmMessage } from '../../providers/llm/types.ts';
import { priceOf, type Models } from '../models/public.ts';
import { usageView, type Outcome, type TurnAdapter, type TurnEngine } from '../turns/public.ts';
import { field, MIND_TURN_PREFIX, titleOfMap, type MindService, type MindTurn } from './service.ts';

/** What a mind-map turn keeps to save its map, also when another instance settles it. */
interface MindRef extends Record<string, unknown> {
  mindId: number;
  userId: number;
  prompt: string;
  /** Regenerating: the map as it was, kept when the new one brings nothing. */
  previous: { markdown: string; status: string; title: string } | null;
}

type MindClosing = Extract<MindStreamEvent, { type: 'done' | 'error' }>;

export const MIND_SYSTEM_PROMPT = [
  '你是思维导图助手。根据用户给出的主题或文本，输出一份 Markdown 大纲，用来绘制思维导图。',
  '格式：第一行是一个一级标题（#）作为中心主题；其下用二级标题（##）作为主要分支，三级标题（###）作为子分支，再用列表（-）写出细节，至少三层。',
  '每个节点简短（一般不超过 20 个字），分支 4 到 8 个，覆盖全面、层次清楚。',
  '只输出 Markdown 本身：不要代码块围栏，不要开场白或解释。使用用户的语言。',
].join('\n');

/** What the user asks for: the topic or text, or the map of a document (with the prompt as what to focus on). */
export function mindRequest(turn: Pick<MindTurn, 'prompt' | 'document'>): string {
  if (!turn.document) return turn.prompt;
  return [
    `请为下面的文档《${turn.document.title}》绘制思维导图：中心主题是文档的主题，分支覆盖文档的主要章节与论点，只使用文档中的内容。`,
    turn.prompt ? `侧重：${turn.prompt}` : '',
    `文档内容：\n"""\n${turn.document.text}\n"""`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The messages of a mind-map turn: our instructions, then the user's own system message, then the topic. */
export function mindMessages(turn: Pick<MindTurn, 'prompt' | 'systemMessage' | 'document'>): LlmMessage[] {
  const system = turn.systemMessage ? `${MIND_SYSTEM_PROMPT}\n\n用户的补充要求：\n${turn.systemMessage}` : MIND_SYSTEM_PROMPT;
  return [
    { role: 'system', content: system },
    { role: 'user', content: mindRequest(turn) },
  ];
}

/**
 * What the offline model draws: the document's sentences under its title, else the prompt. Its
 * headings (short lines without an end mark, as the parser keeps them) are left out.
 */
function offlinePrompt(turn: Pick<MindTurn, 'prompt' | 'document'>): string {
  if (!turn.document) return turn.prompt;
  const body = turn.document.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^#{1,6}\s/.test(l) && (/[。！？!?；;.…」”]$/.test(l) || Array.from(l).length > 24))
    .join('\n');
  return `# ${turn.document.title}\n${body}`;
}

/** POST /chatgpt/chat-mind: a prepared mind-map turn run on the paid-turn engine. */
export class MindRunner {
  private adapter: TurnAdapter<MindTurn, MindRef, MindClosing>;

  constructor(
    private ctx: AppContext,
    private service: MindService,
    private models: Models,
    private engine: TurnEngine,
  ) {
    this.adapter = engine.register({
      kind: 'mind',
      begin: (tx, turn, startedAt) => this.begin(tx, turn, startedAt),
      produce: async (turn, _ref, emit, signal) => {
        const model = await this.service.requireModel(turn.model);
        const usage = await this.models.router.relay(
          model,
          { messages: mindMessages(turn), temperature: turn.temperature, maxTokens: model.maxTokens, signal, offline: { kind: 'mind', prompt: offlinePrompt(turn) } },
          emit,
        );
        return { usage };
      },
      finish: (tx, ref, outcome) => this.finish(tx, ref, outcome),
      failure: (turn, code, message) => ({ type: 'error', code, message, id: turn.existing ? turn.mindId : null }),
    });
  }

  /** Problems with the token or the secret are JSON replies; once the turn is claimed, everything is SSE. */
  async open(req: FastifyRequest, body: ChatMindBody, reply: FastifyReply) {
    await this.engine.open(this.adapter, req, body.options.secret, reply, {
      prefix: MIND_TURN_PREFIX,
      expired: '导图已过期或不存在，请重新生成',
      price: async (turn) => {
        if (body.prompt !== undefined && body.prompt.trim() !== turn.prompt) throw field('prompt', '内容与准备时不符，请重新生成');
        const model = await this.service.requireModel(turn.model);
        return { ...priceOf(model), label: `思维导图：${model.label}` };
      },
    });
  }

  /** The map's row (a new one, or the one regenerated, marked running), written before the first token leaves. */
  private async begin(tx: Db, turn: MindTurn, startedAt: number): Promise<MindRef> {
    const at = new Date(startedAt);
    if (turn.existing) {
      const old = await forUser(tx, turn.userId).mindMaps.get(turn.mindId);
      if (!old) throw new Error('mind map gone before its turn began');
      await tx
        .update(minds)
        .set({ status: 'running', model: turn.model, errorText: null, prompt: turn.prompt, documentToken: turn.document?.token ?? null, documentTitle: turn.document?.title ?? '', updatedAt: at })
        .where(eq(minds.id, old.id));
      return { mindId: old.id, userId: turn.userId, prompt: turn.prompt || (turn.document?.title ?? ''), previous: { markdown: old.markdown, status: old.status, title: old.title } };
    }
    await tx.insert(minds).values({
      id: turn.mindId,
      userId: turn.userId,
      title: turn.title,
      prompt: turn.prompt,
      documentToken: turn.document?.token ?? null,
      documentTitle: turn.document?.title ?? '',
      model: turn.model,
      status: 'running',
      createdAt: at,
      updatedAt: at,
    });
    return { mindId: turn.mindId, userId: turn.userId, prompt: turn.prompt || (turn.document?.title ?? ''), previous: null };
  }

  /** Saves the map: what was drawn (also when stopped or cut); a regenerate that brought nothing keeps the old map. */
  private async finish(tx: Db, ref: MindRef, o: Outcome): Promise<MindClosing> {
    const keepOld = ref.previous !== null && !o.text.trim();
    const markdown = keepOld ? ref.previous!.markdown : o.text;
    const status = keepOld && o.status === 'error' ? ref.previous!.status : o.status;
    await tx
      .update(minds)
      .set({
        markdown,
        title: keepOld ? ref.previous!.title : titleOfMap(markdown, ref.prompt),
        status: status === 'running' ? 'error' : status,
        errorText: o.errorText,
        edited: keepOld ? undefined : false,
        charged: o.charged > 0,
        promptTokens: o.usage?.promptTokens ?? null,
        completionTokens: o.usage?.completionTokens ?? null,
        updatedAt: new Date(this.ctx.clock.now()),
      })
      .where(eq(minds.id, ref.mindId));
    if (o.status === 'error') return { type: 'error', code: o.errorCode ?? Code.CHAT_UPSTREAM, message: o.errorText ?? '模型服务出错，请稍后再试', id: ref.mindId };
    return { type: 'done', id: ref.mindId, status: o.status, usage: usageView(o.usage), charged: o.charged };
  }
}
