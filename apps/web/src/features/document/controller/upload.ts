import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import * as api from '../api.ts';
import { putPart } from '../logic/put-part.ts';
import { sleep, UploadFailure, uploadDocument, type UploadDeps } from '../logic/upload.ts';
import { useDocuments } from '../stores/document-store.ts';
import { useDocUi } from '../stores/ui-store.ts';
import { useUpload } from '../stores/upload-store.ts';
import '../locales.ts';
import { fetchList, loadDocuments } from './documents.ts';

const t = (key: string, opts?: Record<string, unknown>) => i18n.t(`document:${key}`, opts ?? {});

export const uploadDeps: UploadDeps = {
  preAdd: api.preAdd,
  signature: api.fetchSignature,
  putPart,
  add: api.addDocument,
  query: (token, signal) => api.queryDocument(token, signal),
  sleep,
};

let current: AbortController | null = null;

/** Opens the upload dialog (a guest is asked to log in). */
export function openUpload() {
  if (!useSession.getState().token) {
    useSession.getState().openLogin();
    return;
  }
  useDocUi.getState().set({ uploadOpen: true, drawerOpen: false });
}

/**
 * SPEC §4.8: one file through the whole flow, its state in the upload store (the dialog shows
 * it). When the parse is done the list reloads, the new document opens and the dialog closes.
 */
export async function startUpload(file: File, accept: readonly string[], deps: UploadDeps = uploadDeps) {
  if (!useSession.getState().token) {
    useSession.getState().openLogin();
    return;
  }
  current?.abort();
  const ctrl = new AbortController();
  current = ctrl;
  const upload = useUpload.getState();
  upload.set({ phase: 'checking', fileName: file.name, fileSize: file.size, progress: 0, token: null, failure: null });
  const mine = () => current === ctrl && !ctrl.signal.aborted;
  try {
    const done = await uploadDocument(file, accept, deps, ctrl.signal, {
      onUploading: () => mine() && upload.set({ phase: 'uploading' }),
      onProgress: (progress) => mine() && upload.set({ progress }),
      onParsing: (token) => {
        if (!mine()) return;
        upload.set({ phase: 'parsing', token, progress: 1 });
        // The new document shows in the list (with its parsing badge) while it parses.
        void fetchList();
      },
    });
    if (!mine()) return;
    upload.set({ phase: 'done' });
    // A reply streaming on another document is not cut for it: the list only gains the new one.
    if (useDocuments.getState().generating) await fetchList();
    else await loadDocuments(done.token);
    if (!mine()) return;
    toast.success(t('uploadDone', { title: done.title || file.name }));
    useDocUi.getState().set({ uploadOpen: false });
    upload.reset();
  } catch (e) {
    if (!mine()) return;
    const failure = e instanceof UploadFailure ? { kind: e.kind, detail: e.detail } : { kind: 'upload' as const, detail: null };
    upload.set({ phase: 'failed', failure });
    if (failure.kind === 'parse') void fetchList();
  } finally {
    if (current === ctrl) current = null;
  }
}

/**
 * The dialog closes: an upload still sending is cancelled; a parse keeps running on the server
 * and its list item shows the progress (the list watches it).
 */
export function leaveUpload() {
  const { phase } = useUpload.getState();
  current?.abort();
  current = null;
  useUpload.getState().reset();
  if (phase === 'parsing') void fetchList();
}
