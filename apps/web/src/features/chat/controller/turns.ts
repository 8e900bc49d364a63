import type { ChatCreateReply, ChatStreamEvent } from '@app/shared';
import { CHAT_TITLE_MAX } from '@app/shared/constants';
import { isBalanceCode } from '@app/shared/codes';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { startRun, type RunOutcome, type StreamTarget } from '../../../lib/stream-run/run.ts';
import { deleteMessage, getGroupScope, prepareTurn, stopTurn } from '../api.ts';
import { draftMessage, isFirstExchange } from '../logic/messages.ts';
import { buildTree, subtreeOf } from '../logic/tree.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { currentFeature } from '../stores/model-store.ts';
import { wantsSearch } from '../stores/search-store.ts';
import { streamStore } from '../stores/stream-store.ts';
import { followThinking } from './thinking.ts';
import { followTools, toolsForTurn } from './tools.ts';
import { useToolStore } from '../stores/tool-store.ts';
import type { ChatItem } from '../types.ts';
import '../locales.ts';
import { loadGroups, loadHistory } from './groups.ts';
import { CHAT_RUN, chatRun, stopReply } from './run.ts';

const t = (key: string) => i18n.t(`chat:${key}`);

/** SPEC §4.2 step 5: what "continue" sends. */
export const CONTINUE_TEXT = '继续';

/**
 * The first turn of a template (type 3) or expert (type 2) group: what chat/create gets besides
 * `input` on a new group. Later turns of the group are plain.
 */
export interface TurnStart {
  type: 2 | 3;
  temp_id?: number;
  variable?: Record<string, string>;
  identity_id?: number;
  /** What the user's bubble shows when `input` is empty (the template's values). */
  display?: string;
  /** Called when chat/create refuses the turn (e.g. 400 with data.field `variable.<key>`). */
  onRejected?(error: unknown): void;
}

/** The first-turn data of questions not yet answered, so a retry starts the same kind of group. */
const startsOf = new Map<string, TurnStart>();

interface TurnInput {
  input: string;
  images: string[];
  retry: boolean;
  start?: TurnStart;
  /** What stays on screen above the new turn (an edit or a retry cuts the path there); default all of it. */
  base?: ChatItem[];
  /** The saved message the question follows (0: none); default the last saved one on screen. */
  parentId?: number;
  /** Retry: the question answered again. */
  messageId?: number;
}

/**
 * SPEC §4.2: send a message. A guest is asked to log in; blank input is never sent; nothing is
 * sent while a reply is being generated. Resolves true when the turn started streaming.
 */
export async function sendMessage(input: string, images: string[] = [], start?: TurnStart): Promise<boolean> {
  const session = useSession.getState();
  if (!session.token) {
    session.openLogin();
    return false;
  }
  const templateStart = start?.temp_id !== undefined && useChat.getState().active === 0;
  if ((!input.trim() && !templateStart) || useChat.getState().generating) return false;
  return runTurn({ input, images, retry: false, start });
}

/** SPEC §4.2 step 5: stops if needed, then sends 继续. */
export async function continueReply() {
  if (useChat.getState().generating) await stopReply();
  return sendMessage(CONTINUE_TEXT);
}

/**
 * SPEC §4.2 step 5: re-sends the question of a reply (default the last one) with the retry flag.
 * The new reply is a branch beside the earlier one, which stays reachable through ‹ ›.
 */
export async function retryReply(replyKey?: string) {
  if (useChat.getState().generating) await stopReply();
  if (!useSession.getState().token || useChat.getState().active === 0) return false;
  const list = useChat.getState().chatList;
  const at = replyKey ? list.findIndex((m) => m.key === replyKey) : list.length - 1;
  const question = at > 0 ? list[at - 1] : undefined;
  if (at >= 0 && !list[at]!.inversion && question?.inversion && question.id !== null) {
    return runTurn({ input: '', images: [], retry: true, base: list.slice(0, at), messageId: question.id });
  }
  return runTurn({ input: '', images: [], retry: true });
}

/**
 * Edits a question on screen and sends it again: the conversation forks there (the new question
 * is a sibling of the edited one, whose branch is kept). Resolves true when the turn started.
 */
export async function sendEdited(questionKey: string, text: string): Promise<boolean> {
  const chat = useChat.getState();
  const at = chat.chatList.findIndex((m) => m.key === questionKey);
  const question = chat.chatList[at];
  if (!question?.inversion || question.id === null || !text.trim() || chat.generating || chat.active === 0) return false;
  if (!useSession.getState().token) {
    useSession.getState().openLogin();
    return false;
  }
  const base = chat.chatList.slice(0, at);
  const parent = base[base.length - 1];
  if (parent && parent.id === null) return false;
  return runTurn({ input: text, images: question.images, retry: false, base, parentId: parent?.id ?? 0 });
}

/**
 * Retry of a failed reply: with the retry flag when the server kept the turn, else the question
 * is sent again as a new turn (for instance after a balance refusal, which saves nothing).
 */
export async function retryFailed(replyKey: string) {
  const list = useChat.getState().chatList;
  const i = list.findIndex((m) => m.key === replyKey);
  const reply = list[i];
  if (!reply) return false;
  if (reply.id !== null && useChat.getState().active !== 0 && i === list.length - 1) return retryReply(replyKey);
  const question = [...list.slice(0, i)].reverse().find((m) => m.inversion);
  if (!question) return false;
  useChat.getState().removeMessages([question.key, reply.key]);
  const start = useChat.getState().active === 0 ? startsOf.get(question.key) : undefined;
  return sendMessage(start?.temp_id !== undefined ? '' : question.text, question.images, start);
}

function promoteNewGroup(uuid: number, title: string, model: string, start?: TurnStart) {
  const chat = useChat.getState();
  const entry = {
    uuid,
    title: Array.from(title.trim()).slice(0, CHAT_TITLE_MAX).join('') || t('newChat'),
    model,
    isSticky: false,
    appId: null,
    type: start?.type ?? 1,
    created_at: new Date().toISOString(),
    templateId: start?.temp_id ?? null,
    identityId: start?.identity_id ?? null,
  };
  const rest = chat.groupList.filter((g) => g.uuid !== 0 && g.uuid !== uuid);
  useChat.setState({ groupList: [entry, ...rest], active: uuid, listOf: uuid });
}

/** A new group refused for balance was discarded by the server: show it as a new session again. */
function demoteGroup(uuid: number) {
  const chat = useChat.getState();
  useChat.setState({
    groupList: chat.groupList.map((g) => (g.uuid === uuid ? { ...g, uuid: 0 } : g)),
    active: chat.active === uuid ? 0 : chat.active,
    listOf: chat.listOf === uuid ? 0 : chat.listOf,
  });
}

/** What a reload needs to show a chat turn again (lib/stream-run keeps it while the reply streams). */
export interface ChatResumeContext {
  uuid: number;
  /** The user's bubble (empty for a retry, which re-sends the previous question). */
  question: string;
  images: string[];
  model: string;
  /** The group types of the screen it was sent from (see api.getGroupScope). */
  scope: string;
  retry: boolean;
}

/** GET /api/chat/stream (SPEC §4.2 step 2). */
const streamTarget = (secret: string, feature: string, images: string[]): StreamTarget => {
  const qs = new URLSearchParams({ secret, feature });
  if (images.length) qs.set('images', images.join(','));
  return { url: `/api/chat/stream?${qs}`, method: 'GET' };
};

async function runTurn({ input, images, retry, start: requested, base, parentId, messageId }: TurnInput): Promise<boolean> {
  const feature = currentFeature();
  if (!feature) {
    toast.error(t('noModel'));
    return false;
  }
  if (chatRun()) return false;
  const chat = useChat.getState();
  const groupUuid = chat.active;
  const isNewGroup = groupUuid === 0;
  const start = isNewGroup && !retry ? requested : undefined;
  const before = chat.listOf === groupUuid ? chat.chatList : [];
  let list = base ?? before;
  if (retry && !base && list.length && !list[list.length - 1]!.inversion) list = list.slice(0, -1);
  // The question follows what is on screen (not whatever branch another tab left remembered).
  const follows = isNewGroup || retry ? undefined : (parentId ?? list[list.length - 1]?.id ?? undefined);
  const shown = input.trim() ? input : (start?.display ?? input);
  const question = retry ? null : draftMessage({ inversion: true, text: shown, images, model: feature.code });
  const search = wantsSearch(feature.code);
  // The tools picked for this conversation that the model offers (issue 31).
  const tools = toolsForTurn(groupUuid, feature.code);
  const reply = draftMessage({ inversion: false, loading: true, model: feature.code, ...(search ? { searching: true } : {}) });
  if (question && start) startsOf.set(question.key, start);
  useChat.setState({ chatList: [...list, ...(question ? [question] : []), reply], listOf: groupUuid, generating: true });
  streamStore.start(reply.key);

  let uuid = groupUuid;
  const first = start ? { temp_id: start.temp_id, variable: start.variable, identity_id: start.identity_id } : {};
  const run = startRun<ChatStreamEvent, ChatCreateReply>({
    kind: CHAT_RUN,
    prepare: () =>
      prepareTurn({
        input,
        uuid: groupUuid,
        feature: feature.code,
        images,
        retry,
        usingContext: chat.usingContext,
        ...(search ? { search: true } : {}),
        ...(tools.length ? { tools } : {}),
        ...first,
        ...(follows !== undefined ? { parentId: follows } : {}),
        ...(retry && messageId !== undefined ? { messageId } : {}),
      }),
    onPrepared(prepared) {
      uuid = prepared.uuid;
      if (isNewGroup) {
        promoteNewGroup(prepared.uuid, shown, feature.code, start);
        useToolStore.getState().adopt(prepared.uuid, tools);
      }
    },
    stream: (prepared) => streamTarget(prepared.secret, feature.code, images),
    stop: stopTurn,
    context: (prepared): ChatResumeContext => ({ uuid: prepared.uuid, question: question ? shown : '', images, model: feature.code, scope: getGroupScope(), retry }),
    onText: (text) => streamStore.set(text),
    onEvent: both(followThinking(), followTools(reply.key)),
  });
  const outcome = await run.settled;

  if (outcome.kind === 'refused' || outcome.kind === 'cancelled') {
    // Nothing was produced: the turn goes and the text comes back to the box.
    streamStore.clear();
    if (useChat.getState().listOf === groupUuid) useChat.setState({ chatList: before });
    if (question && input && !useDraft.getState().text) useDraft.getState().setText(input);
    useChat.setState({ generating: false });
    if (outcome.kind === 'refused') start?.onRejected?.(outcome.error);
    return false;
  }
  return settleReply(outcome, { replyKey: reply.key, questionKey: question?.key ?? null, uuid, isNewGroup });
}

/** One `onEvent` made of two. */
export const both =
  <E>(a: (e: E) => void, b: (e: E) => void) =>
  (e: E) => {
    a(e);
    b(e);
  };

/** Shows how a reply ended (ids, stopped, error) and brings the group list and ids in step. */
export function settleReply(outcome: RunOutcome<ChatStreamEvent>, turn: { replyKey: string; questionKey: string | null; uuid: number; isNewGroup: boolean }): boolean {
  const { uuid } = turn;
  const text = 'text' in outcome ? outcome.text : streamStore.text();
  const live = streamStore.thinking();
  const thought = live ? { thinking: live.text, thinkingMs: live.ms ?? Date.now() - live.startedAt } : {};
  const patch = (p: Partial<ChatItem>) => useChat.getState().patchMessage(turn.replyKey, { text, ...thought, loading: false, searching: false, ...p });
  let syncIds = false;

  if (outcome.kind === 'done') {
    const done = outcome.event;
    patch({ id: done.messageId, status: done.status, searching: false, ...(done.search ? { search: done.search } : {}) });
    if (turn.questionKey) useChat.getState().patchMessage(turn.questionKey, { id: done.userMessageId });
    if (useChat.getState().listOf === uuid) useChat.getState().absorbPath();
    if (done.charged > 0) useSession.getState().loadUser().catch(() => {});
  } else if (outcome.kind === 'error') {
    // lib/stream-run applied SPEC §8 (403000 drops the session, 408xxx opens the purchase dialog); the bubble says the rest.
    const messageId = outcome.event?.messageId ?? null;
    patch({ id: messageId, error: true, errorText: outcome.message, status: 'error' });
    if (isBalanceCode(outcome.code) && turn.isNewGroup && messageId === null) demoteGroup(uuid);
    syncIds = messageId !== null;
  } else if (outcome.kind === 'stopped') {
    patch({ status: 'stopped' });
    syncIds = text.length > 0 || !!live;
  } else {
    patch({ error: true, errorText: t('streamCut'), status: 'error' });
    syncIds = true;
  }
  streamStore.clear();
  useChat.setState({ generating: false });

  const after = useChat.getState();
  const group = after.groupList.find((g) => g.uuid === uuid);
  // SPEC §4.2 step 4: after the first exchange of a non-app chat, the titles come from the server.
  if (after.active === uuid && isFirstExchange(after.chatList) && !group?.appId && outcome.kind === 'done') void loadGroups();
  // Ids of a reply cut short are known only to the server; fetch them so delete works.
  if (syncIds && uuid !== 0)
    setTimeout(() => {
      const s = useChat.getState();
      if (s.active === uuid && !s.generating) void loadHistory(uuid);
    }, 800);
  return outcome.kind === 'done' || outcome.kind === 'stopped';
}

/** How many messages deleting this one takes (it and everything after it, on every branch). */
export function deletionSize(key: string): number {
  const { chatList, branches } = useChat.getState();
  const item = chatList.find((m) => m.key === key);
  if (!item || item.id === null) return 1;
  return Math.max(1, subtreeOf(buildTree(branches), item.id).size);
}

/**
 * SPEC §2.7 delete on a bubble: POST /chatlog/del, which deletes the message and everything that
 * follows it on every branch (the caller confirms first when that is more than the message); only
 * locally when the message has no id.
 */
export async function deleteChatItem(key: string) {
  const item = useChat.getState().chatList.find((m) => m.key === key);
  if (!item || item.loading) return;
  if (item.id !== null) {
    try {
      await deleteMessage(item.id);
    } catch {
      return;
    }
    useChat.getState().dropSubtree(item.id);
  } else {
    useChat.getState().removeMessages([key]);
  }
  toast.success(t('deleted'));
}
