import type { UserUpdateBody } from '@app/shared';
import { Code } from '@app/shared/codes';
import { callRoute, endpoint, requestRoute } from '../../lib/api.ts';
import { apiUrl } from '../../lib/api-base.ts';
import { ApiError, commonHeaders } from '../../lib/http.ts';

const update = endpoint('user.update', 'POST', '/user/update');

/**
 * POST /user/update. Resolves with the server's message (shown as the success toast) and
 * whether every session was ended; a failure was already toasted by http.
 */
export async function updateUser(body: UserUpdateBody) {
  const reply = await requestRoute(update, body);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return { relogin: reply.data.relogin, message: reply.message };
}

const feedbackList = endpoint('support.feedbackList', 'GET', '/api/ucenter/feedback/list');
/** The operator's replies not read yet (the marker on 意见反馈); the feedback dialog refreshes the same query key. */
export const fetchFeedbackUnread = () => callRoute(feedbackList, { page: 1, size: 1 }, { silent: true }).then((r) => r.unread);
export const FEEDBACK_UNREAD_KEY = ['feedback', 'unread'] as const;
/** GET /api/user/export: downloads the zip of every conversation and document (the token goes in a header, so not a plain link). */
export async function downloadMyData() {
  const headers = commonHeaders();
  delete headers['Content-Type'];
  const res = await fetch(apiUrl('/api/user/export'), { headers, cache: 'no-store' });
  if (!res.ok) {
    const reply = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(reply?.message || `HTTP ${res.status}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
