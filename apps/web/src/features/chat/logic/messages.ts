import type { ChatGroup, ChatMessage } from '@app/shared';
import type { ChatItem, Group } from '../types.ts';

let seq = 0;
/** A client key unique within the page. */
export const newKey = () => `k${Date.now().toString(36)}${(seq++).toString(36)}`;

export const fromServerMessage = (m: ChatMessage): ChatItem => ({
  key: `m${m.id}`,
  id: m.id,
  parentId: m.parentId,
  dateTime: m.dateTime,
  text: m.text,
  inversion: m.inversion,
  error: m.error,
  errorText: m.errorText,
  loading: false,
  images: m.images,
  model: m.model,
  status: m.status,
  ...(m.search ? { search: m.search } : {}),
  ...(m.thinking ? { thinking: m.thinking, thinkingMs: m.thinkingMs ?? null } : {}),
  ...(m.tools?.length ? { tools: m.tools } : {}),
});

export const fromServerGroup = (g: ChatGroup): Group => ({
  uuid: g.uuid,
  title: g.title || g.input,
  model: g.model,
  isSticky: g.isSticky,
  appId: g.appId,
  type: g.type,
  created_at: g.created_at,
  templateId: g.templateId ?? null,
  identityId: g.identityId ?? null,
  variable: g.variable ?? null,
});

export function draftMessage(patch: Partial<ChatItem> & Pick<ChatItem, 'inversion' | 'model'>): ChatItem {
  return {
    key: newKey(),
    id: null,
    dateTime: new Date().toISOString(),
    text: '',
    error: false,
    errorText: null,
    loading: false,
    images: [],
    status: 'complete',
    ...patch,
  };
}

/** SPEC §4.2 step 4: the first exchange is the user's message and its reply. */
export const isFirstExchange = (list: ChatItem[]) => list.length === 2 && list[0]!.inversion && !list[1]!.inversion;
