import type { DocumentGroup, DocumentMessage, GlobalConfigFields, WebsiteInfoReply } from '@app/shared';
import { useSession, type GlobalConfig } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';

export { mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';

export const tokenOf = (n: number) => n.toString(16).padStart(32, 'a');

export const doc = (n: number, title = `文档${n}`, patch: Partial<DocumentGroup> = {}): DocumentGroup => ({
  token: tokenOf(n),
  title,
  created_at_text: '2026-11-23 16:05',
  status: 2,
  name_status: 1,
  file_ext: 'pdf',
  file_size: 123_456,
  pages: 3,
  ...patch,
});

export const message = (id: number, role: 'user' | 'assistant', text: string, patch: Partial<DocumentMessage> = {}): DocumentMessage => ({
  id,
  role,
  text,
  action: 'qa',
  language: '中文',
  status: 'complete',
  error: null,
  citations: [],
  created_at: '2026-11-23T08:05:00.000Z',
  ...patch,
});

export const ACTIONS = {
  list: [
    { value: 'summary', label: '总结全文' },
    { value: 'points', label: '提取要点' },
    { value: 'qa', label: '问答' },
    { value: 'translate', label: '翻译全文' },
    { value: 'outline', label: '生成大纲' },
  ],
  accept_types: ['pdf', 'docx', 'txt', 'md', 'png', 'jpg', 'jpeg'],
};

export const LANGUAGES = {
  list: [
    { value: '中文', label: '中文' },
    { value: 'English', label: 'English' },
    { value: '日本語', label: '日本語' },
  ],
  default: '中文',
};

export const LIMITS = { accept_types: ACTIONS.accept_types, max_size: 50 * 1024 * 1024, used: 1, limit: 50 };

/** The session as the layout leaves it: config and website loaded, optionally logged in. */
export function session({ token = 'tok' }: { token?: string | null } = {}) {
  if (token) tokenStore.set(token);
  else tokenStore.clear();
  const globalConfig = { siteRobotName: '知行助手', robotAvatar: '', companyName: '', filingNumber: '', masks: [] } as unknown as GlobalConfig & GlobalConfigFields;
  const website = { features: [], website: {}, demo: { llm: false } } as unknown as WebsiteInfoReply;
  useSession.setState({ token, globalConfig, website, ready: true, loginOpen: false, dialog: null, userInfo: null });
}
