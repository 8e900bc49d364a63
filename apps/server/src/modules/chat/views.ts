import type { ChatGroup, ChatMessage } from '@app/shared';
import type { chatGroups, chatMessages } from '../../db/schema/index.ts';

export type GroupRow = typeof chatGroups.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

const NEW_TITLE = '新对话';
const TITLE_LEN = 30;

export function titleOf(input: string) {
  const line = Array.from(input.replace(/\s+/g, ' ').trim());
  return line.length ? line.slice(0, TITLE_LEN).join('') : NEW_TITLE;
}

export function groupView(g: GroupRow): ChatGroup {
  return {
    uuid: g.id,
    title: g.title,
    input: g.title,
    model: g.model,
    type: g.type === 2 || g.type === 3 ? g.type : 1,
    isSticky: g.isSticky,
    appId: g.appId,
    templateId: g.templateId,
    identityId: g.identityId,
    variable: g.variable ?? null,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

export function messageView(m: MessageRow): ChatMessage {
  const status = m.status === 'stopped' || m.status === 'error' ? m.status : 'complete';
  return {
    id: m.id,
    uuid: m.groupId,
    parentId: m.parentId,
    role: m.role === 'user' ? 'user' : 'assistant',
    inversion: m.role === 'user',
    text: m.text,
    images: m.images,
    status,
    error: status === 'error',
    errorText: m.errorText,
    model: m.model,
    usage:
      m.promptTokens === null && m.completionTokens === null
        ? null
        : {
            prompt_tokens: m.promptTokens ?? 0,
            completion_tokens: m.completionTokens ?? 0,
            total_tokens: (m.promptTokens ?? 0) + (m.completionTokens ?? 0),
          },
    charged: m.charged,
    dateTime: m.createdAt.toISOString(),
    ...(m.search ? { search: m.search } : {}),
    ...(m.thinking ? { thinking: m.thinking, thinkingMs: m.thinkingMs } : {}),
    ...(m.tools?.length ? { tools: m.tools } : {}),
  };
}
