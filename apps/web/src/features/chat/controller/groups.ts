import { CHAT_TITLE_MAX } from '@app/shared/constants';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import * as api from '../api.ts';
import { hasUnsavedGroup, selectAfterDelete } from '../logic/groups.ts';
import { fromServerGroup, fromServerMessage } from '../logic/messages.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { currentFeature, useModelStore } from '../stores/model-store.ts';
import type { Group } from '../types.ts';
import '../locales.ts';
import { abortRun, stopReply } from './run.ts';

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(`chat:${key}`, opts ?? {});

export const newGroup = (model: string): Group => ({
  uuid: 0,
  title: t('newChat'),
  model,
  isSticky: false,
  appId: null,
  type: 1,
  created_at: new Date().toISOString(),
});

let groupsReq = 0;

/** SPEC §4.1: history loads only with a token; a local new session stays on top. */
export async function loadGroups(): Promise<Group[]> {
  if (!useSession.getState().token) return useChat.getState().groupList;
  const req = ++groupsReq;
  useChat.setState({ groupsLoading: true });
  try {
    const list = (await api.fetchGroups()).map(fromServerGroup);
    if (req !== groupsReq) return useChat.getState().groupList;
    const local = useChat.getState().groupList.find((g) => g.uuid === 0);
    const groupList = local ? [local, ...list] : list;
    useChat.setState({ groupList, groupsLoaded: true });
    return groupList;
  } catch {
    return useChat.getState().groupList;
  } finally {
    if (req === groupsReq) useChat.setState({ groupsLoading: false });
  }
}

let historyAbort: AbortController | null = null;

export async function loadHistory(uuid: number) {
  historyAbort?.abort();
  if (uuid === 0 || !useSession.getState().token) {
    useChat.getState().setMessages(uuid, []);
    return;
  }
  const ctrl = new AbortController();
  historyAbort = ctrl;
  const group = useChat.getState().groupList.find((g) => g.uuid === uuid);
  useChat.setState({ historyLoading: uuid });
  try {
    const { list, activeId } = await api.fetchHistory(uuid, group?.model, ctrl.signal);
    if (ctrl.signal.aborted || useChat.getState().active !== uuid) return;
    useChat.getState().setHistory(uuid, list.map(fromServerMessage), activeId);
  } catch {
    if (!ctrl.signal.aborted && useChat.getState().active === uuid) useChat.getState().setMessages(uuid, []);
  } finally {
    if (historyAbort === ctrl) {
      historyAbort = null;
      useChat.setState({ historyLoading: null });
    }
  }
}

/** Shows a group: its model becomes the picker's, its log loads (SPEC §4.1). */
export async function selectGroup(uuid: number) {
  const chat = useChat.getState();
  if (chat.active === uuid && chat.listOf === uuid) return;
  if (chat.generating) await stopReply();
  const group = useChat.getState().groupList.find((g) => g.uuid === uuid);
  const features = useSession.getState().website?.features ?? [];
  if (group && group.uuid !== 0 && features.some((f) => f.code === group.model)) useModelStore.getState().setBotType(group.model);
  useChat.getState().setActive(uuid);
  useDraft.getState().clear();
  await loadHistory(uuid);
}

/** SPEC §4.1: a new session goes on top with uuid 0; a second one is refused. */
export async function newConversation() {
  const { groupList } = useChat.getState();
  if (hasUnsavedGroup(groupList)) {
    toast.error(t('newChatExists'));
    await selectGroup(0);
    return false;
  }
  const model = currentFeature()?.code ?? '';
  useChat.getState().setGroups([newGroup(model), ...groupList]);
  await selectGroup(0);
  return true;
}

/** SPEC §4.1: switching model starts a new chat group. */
export async function switchModel(code: string) {
  if (useChat.getState().generating) await stopReply();
  useModelStore.getState().setBotType(code);
  const { groupList } = useChat.getState();
  if (hasUnsavedGroup(groupList)) useChat.getState().setGroups(groupList.map((g) => (g.uuid === 0 ? { ...g, model: code } : g)));
  else useChat.getState().setGroups([newGroup(code), ...groupList]);
  useChat.getState().setActive(0);
  useChat.getState().setMessages(0, []);
}

/** SPEC §4.1: group 0 is only removed locally; a real group is deleted, the list reloads, the selection moves. */
export async function removeGroup(uuid: number) {
  const before = useChat.getState().groupList;
  const index = before.findIndex((g) => g.uuid === uuid);
  if (index < 0) return;
  if (useChat.getState().generating && useChat.getState().active === uuid) await stopReply();
  let after: Group[];
  if (uuid === 0) {
    after = before.filter((g) => g.uuid !== 0);
    useChat.getState().setGroups(after);
  } else {
    try {
      await api.deleteGroup(uuid, before[index]!.model);
    } catch {
      return;
    }
    useChat.getState().setGroups(before.filter((g) => g.uuid !== uuid));
    after = await loadGroups();
    toast.success(t('deleted'));
  }
  const next = selectAfterDelete(after, index);
  useChat.setState({ listOf: -1 });
  await selectGroup(next);
}

/** 清空当前对话 (POST /chatlog/delByGroupId): the conversation stays, open and empty. */
export async function clearConversation(uuid: number) {
  if (uuid === 0 || useChat.getState().generating) return;
  try {
    await api.clearMessages(uuid);
  } catch {
    return; // the server's message (e.g. a reply still being generated) was shown
  }
  if (useChat.getState().active === uuid) useChat.getState().setHistory(uuid, [], null);
  toast.success(t('conversationCleared'));
}

/** SPEC §4.1: delete-all reloads and selects the first group or 0. */
export async function removeAllGroups() {
  if (useChat.getState().generating) await stopReply();
  try {
    await api.deleteAllGroups();
  } catch {
    return;
  }
  useChat.getState().setGroups([]);
  const after = await loadGroups();
  toast.success(t('deletedAll'));
  useChat.setState({ listOf: -1 });
  await selectGroup(after[0]?.uuid ?? 0);
}

export async function renameGroup(uuid: number, title: string) {
  const clean = title.trim().slice(0, CHAT_TITLE_MAX);
  const group = useChat.getState().groupList.find((g) => g.uuid === uuid);
  if (!clean || !group || group.title === clean) return;
  if (uuid === 0) {
    useChat.getState().setGroups(useChat.getState().groupList.map((g) => (g.uuid === 0 ? { ...g, title: clean } : g)));
    return;
  }
  // Optimistic: the title changes at once and is corrected by the reload.
  useChat.getState().setGroups(useChat.getState().groupList.map((g) => (g.uuid === uuid ? { ...g, title: clean } : g)));
  try {
    await api.updateGroup({ uuid, title: clean });
  } finally {
    await loadGroups();
  }
}

export async function toggleSticky(uuid: number) {
  const group = useChat.getState().groupList.find((g) => g.uuid === uuid);
  if (!group || uuid === 0) return;
  try {
    await api.updateGroup({ uuid, isSticky: !group.isSticky });
    toast.success(group.isSticky ? t('unpinned') : t('pinned'));
  } catch {
    return;
  }
  await loadGroups();
}

/** Logging out (or an invalid token) clears the chat (SPEC §4.1, §4.3). */
export function clearChat() {
  abortRun();
  historyAbort?.abort();
  useDraft.getState().clear();
  useChat.getState().reset();
}
