import type { ApiReply } from '@app/shared/codes';
import type { ChatCreateInput, ChatGroup, ChatMessage, ChatToolsReply, ChatUploadImageReply, ToolConfirmBody } from '@app/shared';
import { Code } from '@app/shared/codes';
import { emit } from '../../lib/events.ts';
import { settingsForRequest } from '../../components/settings/settings-store.ts';
import { callRoute, endpoint, requestRoute } from '../../lib/api.ts';
import { apiUrl } from '../../lib/api-base.ts';
import { ApiError, commonHeaders, handleReplyCode, toastError } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';
import { tokenStore } from '../../lib/storage.ts';
import type { TemplateVariables } from '../../lib/template-form.ts';
import './locales.ts';

const t = (key: string) => i18n.t(`chat:${key}`);

/** The group types the plain chat screen lists (SPEC §4.1). */
export const CHAT_SCREEN_TYPES = '1,3';

/** The group types the mounted chat screen lists: 1,3 on /talk, 3 on /talk-temp, 2 on /talk-expert. */
let groupScope = CHAT_SCREEN_TYPES;
export const setGroupScope = (types: string) => {
  groupScope = types;
};
export const getGroupScope = () => groupScope;

const create = endpoint('chat.create', 'POST', '/api/chat/create');

/** POST /api/chat/create with the saved settings (SPEC §3 systemMessage, temperature). A failed reply was already toasted by the http client (SPEC §8). */
export async function prepareTurn(body: ChatCreateInput) {
  const reply = await requestRoute(create, { ...settingsForRequest(), ...body });
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return reply.data;
}

export const stopTurn = (secret: string) => callRoute(stop, { secret }, { silent: true });

// Endpoints of the routes manifest (paths and methods checked against it by the compiler).
const histories = endpoint('chat.histories', 'GET', '/api/chat/histories');
const stop = endpoint('chat.stop', 'POST', '/api/chat/stop');
const templateList = endpoint('apps.templateList', 'GET', '/api/template/list');
const templateInfo = endpoint('apps.templateInfo', 'GET', '/api/template/info/:id');
const expertList = endpoint('apps.expertList', 'GET', '/api/app/list');
const expertDetail = endpoint('apps.expertDetail', 'GET', '/api/app/detail/:id');
const history = endpoint('chat.history', 'GET', '/api/chat/history');
const historyDelete = endpoint('chat.historyDelete', 'POST', '/api/chat/history/delete');
const groupDelAll = endpoint('chat.groupDelAll', 'POST', '/group/delAll');
const groupUpdate = endpoint('chat.groupUpdate', 'POST', '/group/update');
const messageDelete = endpoint('chat.messageDelete', 'POST', '/chatlog/del');
const messagesClear = endpoint('chat.messagesClear', 'POST', '/chatlog/delByGroupId');

const toolList = endpoint('chat.tools', 'GET', '/api/chat/tools');
const toolConfirm = endpoint('chat.toolConfirm', 'POST', '/api/chat/tools/confirm');

/** The tools the user may pick on model `feature` (empty when it may use none). */
export const fetchChatTools = (feature: string): Promise<ChatToolsReply> => callRoute(toolList, { feature }, { silent: true });

/** The user's yes or no to a tool call waiting in `confirm` (the turn's secret names the turn). */
export const confirmToolCall = (body: ToolConfirmBody) => callRoute(toolConfirm, body);

export const fetchGroups = (): Promise<ChatGroup[]> => callRoute(histories, { type: groupScope }, { silent: true }).then((d) => d.list);

/** Every message of the conversation (all branches) and the one whose branch is on screen. */
export const fetchHistory = (uuid: number, model?: string, signal?: AbortSignal): Promise<{ list: ChatMessage[]; activeId: number | null }> =>
  callRoute(history, { uuid, model }, { signal }).then((d) => ({ list: d.list, activeId: d.activeId ?? null }));

const branch = endpoint('chat.branch', 'POST', '/api/chat/branch');
/** Remembers the branch on screen (a reload shows it again). */
export const rememberBranch = (uuid: number, messageId: number) => callRoute(branch, { uuid, messageId }, { silent: true });

export const deleteGroup = (uuid: number, model?: string) => callRoute(historyDelete, { uuid, model });

export const deleteAllGroups = () => callRoute(groupDelAll, { type: groupScope });

export const updateGroup = (body: { uuid: number; title?: string; isSticky?: boolean }): Promise<ChatGroup> => callRoute(groupUpdate, body);

export const deleteMessage = (id: number) => callRoute(messageDelete, { id });

/** 清空当前对话: every message of the group goes, the group stays (refused while one of its replies is generated). */
export const clearMessages = (groupId: number) => callRoute(messagesClear, { groupId });

/** POST /api/chat/upload-image (multipart): the URL to pass in `images` of chat/create. */
export async function uploadImage(file: File, feature: string, signal?: AbortSignal): Promise<ChatUploadImageReply> {
  const form = new FormData();
  form.append('feature', feature);
  form.append('file', file, file.name);
  const headers = commonHeaders();
  delete headers['Content-Type']; // the browser sets the multipart boundary
  let res: Response;
  try {
    res = await fetch(apiUrl('/api/chat/upload-image'), { method: 'POST', headers, body: form, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    toastError(t('networkError'));
    throw new ApiError(-1, t('networkError'));
  }
  const reply = (await res.json().catch(() => null)) as ApiReply<ChatUploadImageReply> | null;
  if (res.status === 401) {
    tokenStore.clear();
    // An empty message is said in the user's language by the need-login handler (SPEC §8).
    const message = reply?.message ?? '';
    emit('need-login', { message, url: '/api/chat/upload-image' });
    throw new ApiError(401, message, null, 401);
  }
  if (!reply || typeof reply.code !== 'number') {
    toastError(t('uploadFailed'));
    throw new ApiError(res.status, `HTTP ${res.status}`);
  }
  handleReplyCode(reply, '/api/chat/upload-image', false);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message);
  return reply.data;
}

/** SPEC §3 menu items: categories with their templates (template chat) or identities (expert chat). */
export interface MenuEntry {
  id: number;
  title: string;
  description: string;
  icon: string;
}
export interface TemplateCategory {
  id: number;
  name: string;
  icon: string;
  templates: MenuEntry[];
}
export interface ExpertCategory {
  id: number;
  name: string;
  icon: string;
  identities: MenuEntry[];
}
export interface TemplateInfo extends MenuEntry {
  questions?: unknown;
  template_variable: TemplateVariables;
}
export interface ExpertDetail extends MenuEntry {
  identity_description: string;
  identity_questions: string[];
}

export const fetchTemplateMenu = () => callRoute(templateList, undefined).then((d) => d.list);
export const fetchTemplateInfo = (id: number) => callRoute(templateInfo, undefined, { params: { id } });
export const fetchExpertMenu = () => callRoute(expertList, undefined).then((d) => d.list);
export const fetchExpertDetail = (id: number) => callRoute(expertDetail, undefined, { params: { id } });

