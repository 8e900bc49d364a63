import type { UserUpdateBody } from '@app/shared';
import { Code } from '@app/shared/codes';
import { endpoint, requestRoute } from '../../lib/api.ts';
import { ApiError } from '../../lib/http.ts';

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
