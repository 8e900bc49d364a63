import type { ChatStreamEvent } from '@app/shared';
import { CHAT_TITLE_MAX } from '@app/shared/constants';
import { isBalanceCode } from '@app/shared/codes';
import { handleReplyCode } from '../../../lib/http.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { deleteMessage, prepareTurn } from '../api.ts';
import { draftMessage, isFirstExchange } from '../logic/messages.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { currentFeature } from '../stores/model-store.ts';
import { streamStore } from '../stores/stream-store.ts';
import { createCoalescer } from '../../../lib/coalescer.ts';
import { openChatStream, type StreamEnd } from '../stream/open-stream.ts';
import type { ChatItem } from '../types.ts';
import '../locales.ts';
import { loadGroups, loadHistory } from './groups.ts';
import { beginRun, stopReply } from './run.ts';

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

/** SPEC §4.2 step 5: re-sends the previous user message with the retry flag (the reply is replaced). */
export async function retryReply() {
  if (useChat.getState().generating) await stopReply();
  if (!useSession.getState().token || useChat.getState().active === 0) return false;
  return runTurn({ input: '', images: [], retry: true });
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
  if (reply.id !== null && useChat.getState().active !== 0 && i === list.length - 1) return retryReply();
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

async function runTurn({ input, images, retry, start: requested }: TurnInput): Promise<boolean> {
  const feature = currentFeature();
  if (!feature) {
    toast.error(t('noModel'));
    return false;
  }
  const chat = useChat.getState();
  const groupUuid = chat.active;
  const isNewGroup = groupUuid === 0;
  const start = isNewGroup && !retry ? requested : undefined;
  const before = chat.listOf === groupUuid ? chat.chatList : [];
  let list = before;
  if (retry && list.length && !list[list.length - 1]!.inversion) list = list.slice(0, -1);
  const question = retry ? null : draftMessage({ inversion: true, text: input.trim() ? input : (start?.display ?? input), images, model: feature.code });
  const reply = draftMessage({ inversion: false, loading: true, model: feature.code });
  if (question && start) startsOf.set(question.key, start);
  useChat.setState({ chatList: [...list, ...(question ? [question] : []), reply], listOf: groupUuid, generating: true });
  streamStore.start(reply.key);

  const { run, settle } = beginRun();
  const rollback = () => {
    streamStore.clear();
    if (useChat.getState().listOf === groupUuid) useChat.setState({ chatList: before });
    if (question && input && !useDraft.getState().text) useDraft.getState().setText(input);
  };

  let prepared: { uuid: number; secret: string };
  try {
    const first = start ? { temp_id: start.temp_id, variable: start.variable, identity_id: start.identity_id } : {};
    prepared = await prepareTurn({ input, uuid: groupUuid, feature: feature.code, images, retry, usingContext: chat.usingContext, ...first });
  } catch (e) {
    rollback();
    useChat.setState({ generating: false });
    settle();
    start?.onRejected?.(e);
    return false;
  }
  run.secret = prepared.secret;
  if (run.abort.signal.aborted) {
    // Stopped before the stream opened: nothing was produced.
    rollback();
    useChat.setState({ generating: false });
    settle();
    return false;
  }
  if (isNewGroup) promoteNewGroup(prepared.uuid, input.trim() ? input : (start?.display ?? ''), feature.code, start);
  const uuid = prepared.uuid;

  const coalescer = createCoalescer((piece) => streamStore.append(piece));
  let last: Extract<ChatStreamEvent, { type: 'done' | 'error' }> | null = null;
  let end: StreamEnd | 'aborted' | 'network';
  try {
    end = await openChatStream({ secret: prepared.secret, feature: feature.code, images, signal: run.abort.signal }, (e) => {
      if (e.type === 'delta') coalescer.push(e.text);
      else if (e.type !== 'resume') last = e;
    });
  } catch {
    end = run.abort.signal.aborted ? 'aborted' : 'network';
  }
  coalescer.flush();
  coalescer.dispose();

  const text = streamStore.text();
  const patch = (p: Partial<ChatItem>) => useChat.getState().patchMessage(reply.key, { text, loading: false, ...p });
  const final = last as Extract<ChatStreamEvent, { type: 'done' | 'error' }> | null;
  let syncIds = false;

  if (final?.type === 'done') {
    patch({ id: final.messageId, status: final.status });
    if (question) useChat.getState().patchMessage(question.key, { id: final.userMessageId });
    if (final.charged > 0) useSession.getState().loadUser().catch(() => {});
  } else if (final?.type === 'error' || (end !== 'aborted' && end !== 'network' && end.kind === 'failed')) {
    const code = final?.type === 'error' ? final.code : (end as Extract<StreamEnd, { kind: 'failed' }>).code;
    const message = final?.type === 'error' ? final.message : (end as Extract<StreamEnd, { kind: 'failed' }>).message;
    const messageId = final?.type === 'error' ? final.messageId : null;
    patch({ id: messageId, error: true, errorText: message, status: 'error' });
    // 403000 drops the session, 408xxx opens the purchase dialog (SPEC §8); the bubble says the rest.
    handleReplyCode({ code, message, success: true, data: null }, '/api/chat/stream', true);
    if (isBalanceCode(code) && isNewGroup && messageId === null) demoteGroup(uuid);
    syncIds = messageId !== null;
  } else if (end === 'aborted' || run.stopRequested) {
    patch({ status: 'stopped' });
    syncIds = text.length > 0;
  } else {
    patch({ error: true, errorText: t('streamCut'), status: 'error' });
    syncIds = true;
  }
  streamStore.clear();
  useChat.setState({ generating: false });
  settle();

  const after = useChat.getState();
  const group = after.groupList.find((g) => g.uuid === uuid);
  // SPEC §4.2 step 4: after the first exchange of a non-app chat, the titles come from the server.
  if (after.active === uuid && isFirstExchange(after.chatList) && !group?.appId && final?.type === 'done') void loadGroups();
  // Ids of a reply cut short are known only to the server; fetch them so delete works.
  if (syncIds && uuid !== 0) setTimeout(() => {
    const s = useChat.getState();
    if (s.active === uuid && !s.generating) void loadHistory(uuid);
  }, 800);
  return final?.type === 'done' || end === 'aborted';
}

/** SPEC §2.7 delete on a bubble: POST /chatlog/del, or only locally when the message has no id. */
export async function deleteChatItem(key: string) {
  const item = useChat.getState().chatList.find((m) => m.key === key);
  if (!item || item.loading) return;
  if (item.id !== null) {
    try {
      await deleteMessage(item.id);
    } catch {
      return;
    }
  }
  useChat.getState().removeMessages([key]);
  toast.success(t('deleted'));
}
