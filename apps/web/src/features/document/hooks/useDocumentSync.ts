import { useEffect } from 'react';
import { DOCUMENT_STATUS, FILE_PARSE_POLL_MS } from '@app/shared/constants';
import { rendererModule } from '../../../components/markdown/modules.ts';
import { warmAfterFirstScreen } from '../../../lib/after-first-screen.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { queryDocument } from '../api.ts';
import { abortAnswer, pendingResume } from '../controller/ask.ts';
import { resumeAnswer } from '../controller/resume.ts';
import { clearDocuments, loadDocuments, loadHistory } from '../controller/documents.ts';
import { useDocuments } from '../stores/document-store.ts';
import { useUpload } from '../stores/upload-store.ts';

/**
 * Keeps the screen in step with the session (SPEC §4.1): with a token the documents load and the
 * first opens; without one they are cleared. An answer that was streaming before a reload is
 * resumed. Leaving the screen stops the reply in flight.
 */
export function useDocumentSync() {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) {
      clearDocuments();
      return;
    }
    let live = true;
    // An answer that was streaming when the page reloaded opens its document and picks up again.
    const resume = pendingResume();
    void loadDocuments(resume?.context.token).then(async () => {
      if (!live || !resume) return;
      const result = await resumeAnswer(resume);
      if (result === 'gone' && useDocuments.getState().active === resume.context.token) await loadHistory(resume.context.token);
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => abortAnswer, []);

  // The markdown renderer is its own chunk: fetch it while the user reads or picks a file.
  useEffect(() => warmAfterFirstScreen(() => rendererModule.load()), []);

  useParseWatch();
}

/**
 * Documents still parsing (status below 2) that the upload dialog is not waiting for are asked
 * about every 2 s (SPEC §4.8) until they are done or failed; their list items follow.
 */
function useParseWatch() {
  const dialogToken = useUpload((s) => s.token);
  const watched = useDocuments((s) =>
    s.groups
      .filter((g) => g.status < DOCUMENT_STATUS.DONE && g.token !== dialogToken)
      .map((g) => g.token)
      .join(','),
  );
  useEffect(() => {
    if (!watched) return;
    const tokens = watched.split(',');
    const ctrl = new AbortController();
    const timer = setInterval(() => {
      for (const token of tokens) {
        queryDocument(token, ctrl.signal).then(
          (r) => {
            if (ctrl.signal.aborted) return;
            useDocuments.getState().patchGroup(token, { status: r.status, name_status: r.name_status, pages: r.pages, ...(r.title ? { title: r.title } : {}) });
            if (r.status === DOCUMENT_STATUS.DONE) toast.success(i18n.t('document:uploadDone', { title: r.title }));
            if (r.status === DOCUMENT_STATUS.FAILED) toast.error(i18n.t('document:dialog.parseFailed'));
          },
          () => {},
        );
      }
    }, FILE_PARSE_POLL_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [watched]);
}
