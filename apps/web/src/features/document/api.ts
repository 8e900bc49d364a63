import type { DocumentAskValidateBody, DocumentPreAddQuery, UploadSignatureQuery } from '@app/shared';
import { Code } from '@app/shared/codes';
import { callRoute, endpoint, requestRoute } from '../../lib/api.ts';
import { ApiError } from '../../lib/http.ts';

const actions = endpoint('document.actions', 'GET', '/api/document/actions');
const languages = endpoint('document.languages', 'GET', '/api/document/language');
const preAddEp = endpoint('document.preAdd', 'GET', '/api/document/pre_add');
const signature = endpoint('document.signature', 'GET', '/api/cos/signature');
const add = endpoint('document.add', 'POST', '/api/document/add');
const query = endpoint('document.query', 'GET', '/api/document/query');
const histories = endpoint('document.histories', 'GET', '/api/document/histories');
const history = endpoint('document.history', 'GET', '/api/document/history/:uuid');
const remove = endpoint('document.delete', 'POST', '/api/document/delete');
const askValidate = endpoint('document.askValidate', 'POST', '/api/document/ask/validate');
const stop = endpoint('document.stop', 'POST', '/api/document/stop');

/** The JSON calls of document chat (packages/shared/src/schemas/document.ts is the contract). */

export const fetchActions = () => callRoute(actions, undefined, { silent: true });

export const fetchLanguages = () => callRoute(languages, undefined, { silent: true });

/** Without a file: the limits (accepted suffixes, max size, used / limit). */
export const fetchLimits = () => callRoute(preAddEp, {}, { silent: true });

/** The pre-check of one file. Silent: the upload dialog shows the server's message itself. */
export const preAdd = (q: Required<DocumentPreAddQuery>) => callRoute(preAddEp, q, { silent: true });

/** Temporary credentials and the presigned slice URLs of one upload (SPEC §3 upload credentials). */
export const fetchSignature = (q: UploadSignatureQuery) => callRoute(signature, q, { silent: true });

export interface AddBody {
  files: string;
  upload_token: string;
  name: string;
  file_size: number;
  file_ext: string;
}
/** The upload is finished: join it and start the parse. */
export const addDocument = (body: AddBody) => callRoute(add, body, { silent: true });

export const queryDocument = (token: string, signal?: AbortSignal) => callRoute(query, { token }, { silent: true, signal });

export const fetchDocuments = () => callRoute(histories, undefined, { silent: true }).then((d) => d.list);

export const fetchDocumentHistory = (token: string, signal?: AbortSignal) =>
  callRoute(history, undefined, { signal, params: { uuid: token } });

export const deleteDocument = (token: string) => callRoute(remove, { token });

/**
 * POST /api/document/ask/validate: the prepare of a turn. A refusal was already handled by the
 * http client (its message toasted; 408xxx opens the purchase dialog).
 */
export async function validateAsk(body: DocumentAskValidateBody) {
  const reply = await requestRoute(askValidate, body);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return reply.data;
}

export const stopAsk = (secret: string) => callRoute(stop, { secret }, { silent: true });
