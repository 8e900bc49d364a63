import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { fail } from '../../core/reply.ts';
import { isSafeKey } from '../../providers/storage/types.ts';

/** Serves files of the local storage at /uploads/<key>, as inert downloads-or-images only. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.storage.name !== 'local') return;
  app.get('/uploads/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const file = isSafeKey(key) ? await ctx.storage.get(key) : null;
    if (!file) return reply.status(404).send(fail(404, '文件不存在'));
    return reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });
}
