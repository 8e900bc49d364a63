import type { DocumentGroup, DocumentMessage } from '@app/shared';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import * as api from '../api.ts';
import { selectAfterDelete } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';
import type { DocItem } from '../types.ts';
import '../locales.ts';
import { abortAnswer, stopAnswer } from './ask.ts';

const t = (key: string) => i18n.t(`document:${key}`);

export const fromServerMessage = (m: DocumentMessage): DocItem => ({
  key: `m${m.id}`,
  id: m.id,
  role: m.role,
  text: m.text,
  action: m.action,
  language: m.language,
  status: m.status,
  error: m.error,
  citations: m.citations,
  loading: false,
});

let listReq = 0;

/** GET /api/document/histories (only with a token, SPEC §4.1). Keeps the selection. */
export async function fetchList(): Promise<DocumentGroup[] | null> {
  if (!useSession.getState().token) return null;
  const req = ++listReq;
  useDocuments.setState({ groupsLoading: true });
  try {
    const list = await api.fetchDocuments();
    if (req !== listReq) return null;
    useDocuments.setState({ groups: list, groupsLoaded: true });
    return list;
  } catch {
    return null;
  } finally {
    if (req === listReq) useDocuments.setState({ groupsLoading: false });
  }
}

/**
 * Loads the documents and opens one (SPEC §4.1: loading document groups selects the first):
 * `prefer` when given and listed, else the open one while it still exists, else the first.
 */
export async function loadDocuments(prefer?: string): Promise<DocumentGroup[]> {
  const list = await fetchList();
  if (!list) return useDocuments.getState().groups;
  const { active, messagesOf } = useDocuments.getState();
  const has = (token: string | null | undefined) => !!token && list.some((g) => g.token === token);
  const target = has(prefer) ? prefer! : has(active) ? active : (list[0]?.token ?? null);
  if (target !== active || messagesOf !== target) await selectDocument(target);
  return list;
}

let historyAbort: AbortController | null = null;

/** GET /api/document/history/{token}: the document (its state refreshes the list item) and its messages. */
export async function loadHistory(token: string | null) {
  historyAbort?.abort();
  if (!token || !useSession.getState().token) {
    useDocuments.getState().setMessages(token, []);
    return;
  }
  const ctrl = new AbortController();
  historyAbort = ctrl;
  useDocuments.setState({ historyLoading: token });
  try {
    const reply = await api.fetchDocumentHistory(token, ctrl.signal);
    if (ctrl.signal.aborted || useDocuments.getState().active !== token) return;
    useDocuments.getState().patchGroup(token, reply.document);
    useDocuments.getState().setMessages(token, reply.list.map(fromServerMessage));
  } catch {
    if (!ctrl.signal.aborted && useDocuments.getState().active === token) useDocuments.getState().setMessages(token, []);
  } finally {
    if (historyAbort === ctrl) {
      historyAbort = null;
      useDocuments.setState({ historyLoading: null });
    }
  }
}

/** Opens a document: a reply in flight is stopped first, then its log loads (SPEC §4.1). */
export async function selectDocument(token: string | null) {
  const s = useDocuments.getState();
  if (s.active === token && s.messagesOf === token) return;
  if (s.generating) await stopAnswer();
  useDocuments.setState({ active: token, messages: [], messagesOf: null });
  await loadHistory(token);
}

/**
 * POST /api/document/delete (asked first, debounced by the dialog). The list reloads and the
 * selection moves to the document at the same position, else the previous, else the first.
 */
export async function removeDocument(token: string) {
  const before = useDocuments.getState().groups;
  const index = before.findIndex((g) => g.token === token);
  if (index < 0) return;
  const s = useDocuments.getState();
  if (s.generating && s.active === token) await stopAnswer();
  try {
    await api.deleteDocument(token);
  } catch {
    return;
  }
  useDocuments.getState().setGroups(before.filter((g) => g.token !== token));
  toast.success(t('deleted'));
  const after = (await fetchList()) ?? useDocuments.getState().groups;
  const wasActive = useDocuments.getState().active === token;
  if (wasActive) {
    useDocuments.setState({ messagesOf: null });
    await selectDocument(selectAfterDelete(after, index)?.token ?? null);
  }
}

/** Logging out (or an invalid token) clears the documents. */
export function clearDocuments() {
  abortAnswer();
  historyAbort?.abort();
  useDocuments.getState().reset();
}
