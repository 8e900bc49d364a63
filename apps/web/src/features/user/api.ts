import type { UserUpdateBody } from '@app/shared';
import { Code } from '@app/shared/codes';
import { ApiError, request } from '../../lib/http.ts';

/**
 * POST /user/update. Resolves with the server's message (shown as the success toast) and
 * whether every session was ended; a failure was already toasted by http.
 */
export async function updateUser(body: UserUpdateBody) {
  const reply = await request<{ relogin: boolean }>('POST', '/user/update', body);
  if (reply.code !== Code.OK) throw new ApiError(reply.code, reply.message, reply.data);
  return { relogin: reply.data.relogin, message: reply.message };
}
