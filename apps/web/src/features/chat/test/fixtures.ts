import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatGroup, ChatMessage, ChatToolOption, Feature, GlobalConfigFields, WebsiteInfoReply } from '@app/shared';
import { bindToolLists, toolKeys } from '../hooks/useToolList.ts';
import { useSession, type GlobalConfig } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';

export { mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';

export const feature = (patch: Partial<Feature> = {}): Feature => ({
  code: 'ai_35',
  label: '极速对话',
  input_ext: 2000,
  vision: false,
  pool: 'model3',
  cost: 1,
  description: '',
  ...patch,
});

export const serverGroup = (uuid: number, title = `对话${uuid}`, patch: Partial<ChatGroup> = {}): ChatGroup => ({
  uuid,
  title,
  input: title,
  model: 'ai_35',
  type: 1,
  isSticky: false,
  appId: null,
  templateId: null,
  identityId: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

export const serverMessage = (id: number, inversion: boolean, text: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  uuid: 1,
  role: inversion ? 'user' : 'assistant',
  inversion,
  text,
  images: [],
  status: 'complete',
  error: false,
  errorText: null,
  model: 'ai_35',
  usage: null,
  charged: !inversion,
  dateTime: '2026-01-01T00:00:00.000Z',
  ...patch,
});


/** The session as the layout leaves it: config and website loaded, optionally logged in. */
export function session({ token = 'tok', features = [feature()] }: { token?: string | null; features?: Feature[] } = {}) {
  if (token) tokenStore.set(token);
  const globalConfig = {
    siteRobotName: '知行助手',
    robotAvatar: '',
    companyName: '',
    filingNumber: '',
    masks: [{ id: 1, name: '工作效率', children: [{ name: '写一封请假邮件', content: '帮我写一封请假邮件' }] }],
  } as unknown as GlobalConfig & GlobalConfigFields;
  const website = { features, website: {}, demo: { llm: false } } as unknown as WebsiteInfoReply;
  useSession.setState({ token, globalConfig, website, ready: true, loginOpen: false, dialog: null, userInfo: null });
}

/** A query client for one test (no retries), bound as the client the tool lists are read from. */
export function queryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  bindToolLists(client);
  return client;
}

/** The tools `model` offers the signed-in user ('tok' unless said), as if fetched just now. */
export function seedToolList(client: QueryClient, model: string, list: ChatToolOption[], token = 'tok') {
  client.setQueryData(toolKeys.list(model, token), list);
}

/** A wrapper for `render` that provides `client`. */
export const withQueries = (client: QueryClient) =>
  function Queries({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client }, children);
  };
