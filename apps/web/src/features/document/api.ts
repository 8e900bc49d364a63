import type {
  DocumentActionsReply,
  DocumentAskValidateBody,
  DocumentGroup,
  DocumentHistoryReply,
  DocumentLanguagesReply,
  DocumentPreAddQuery,
  DocumentPreAddReply,
  DocumentQueryReply,
  UploadSignatureQuery,
  UploadSignatureReply,
} from '@app/shared';
import { Code } from '@app/shared/codes';
import { ApiError, http, request } from '../../lib/http.ts';

/** The JSON calls of document chat (packages/shared/src/schemas/document.ts is the contract). */

export const fetchActions = () => http.get<DocumentActionsReply>('/api/document/actions', undefined, { silent: true });

export const fetchLanguages = () => http.get<DocumentLanguagesReply>('/api/document/language', undefined, { silent: true });

/** Without a file: the limits (accepted suffixes, max size, used / limit). */
export const fetchLimits = () => http.get<DocumentPreAddReply>('/api/document/pre_add', undefined, { silent: true });

/** The pre-check of one file. Silent: the upload dialog shows the server's message itself. */
export const preAdd = (q: Required<DocumentPreAddQuery>) => http.get<DocumentPreAddReply>('/api/document/pre_add', q, { silent: true });

/** Temporary credentials and the presigned slice URLs of one upload (SPEC §3 upload credentials). */
export const fetchSignature = (q: UploadSignatureQuery) => http.get<UploadSignatureReply>('/api/cos/signature', q, { silent: true });

export interface AddBody {
  files: string;
  upload_token: string;
  name: string;
  file_size: number;
  file_ext: string;
}
/** The upload is finished: join it and start the parse. */
export const addDocument = (body: AddBody) => http.post<{ token: string }>('/api/document/add', body, { silent: true });

export const queryDocument = (token: string, signal?: AbortSignal) => http.get<DocumentQueryReply>('/api/document/query', { token }, { silent: true, signal });

export const fetchDocuments = () => http.get<{ list: DocumentGroup[] }>('/api/document/histories', undefined, { silent: true }).then((d) => d.list);

export const fetchDocumentHistory = (token: string, signal?: AbortSignal) =>
  http.get<DocumentHistoryReply>(`/api/document/history/${encodeURIComponent(token)}`, undefined, { signal });

export const deleteDocument = (token: string) => http.post<null>('/api/document/delete', { token });

/**
 * POST /api/document/ask/validate: the prepare of a turn. A refusal was already handled by the
 * http client (its message toasted; 408xxx opens the purchase dialog).
 */
export async function validateAsk(body: DocumentAskValidateBody) {
  const reply = await request<{ secret: string }>('POST', '/api/document/ask/validate', body);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return reply.data;
}

export const stopAsk = (secret: string) => http.post<null>('/api/document/stop', { secret }, { silent: true });
