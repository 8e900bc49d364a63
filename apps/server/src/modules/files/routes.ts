import type { FastifyInstance } from 'fastify';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/routes.ts';
import { fail, ok } from '../../core/reply.ts';
import { LocalStorage, PartRejectedError } from '../../providers/storage/local.ts';
import { isSafeKey } from '../../providers/storage/types.ts';

/** Keys under these prefixes are private (documents): the server reads them itself and never serves them. */
const PRIVATE_PREFIXES = ['docs/'];
const isPrivateKey = (key: string) => PRIVATE_PREFIXES.some((p) => key.toLowerCase().startsWith(p));

const SWEEP_INTERVAL_MS = 3600 * 1000;

/** A slice plus room for nothing else: one slice is at most UPLOAD_SLICE_BYTES. */
export const PART_BODY_LIMIT = UPLOAD_SLICE_BYTES + 64 * 1024;

/**
 * The local store's HTTP side: serves public files at /uploads/<key> as inert downloads-or-images,
 * and takes the slices of uploads at the presigned part URLs (the URL is the credential, as with S3).
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.storage.name !== 'local') return;
  route(app, routes.files.file, async ({ params, reply }) => {
    const key = params['*'];
    const file = isSafeKey(key) && !isPrivateKey(key) ? await ctx.storage.get(key) : null;
    if (!file) return reply.status(404).send(fail(404, '文件不存在'));
    return reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .send(file.body);
  });

  const storage = ctx.storage;
  if (!(storage instanceof LocalStorage)) return;

  // Uploads never completed nor aborted are swept: at start, then every hour.
  const sweep = () =>
    void storage.sweepUploads(ctx.clock.now()).then(
      (n) => n && ctx.log.info({ removed: n }, 'storage: swept stale uploads'),
      (err: unknown) => ctx.log.warn({ err }, 'storage: sweeping stale uploads failed'),
    );
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(timer));
  // Its own scope, so that any body (whatever its declared type, or none) arrives as raw bytes here only.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PART_BODY_LIMIT }, (_req, body, done) => done(null, body));
    route(scope, routes.files.uploadPart, async ({ req, params, query, reply }) => {
      const { uploadId, partNumber } = params;
      const body = Buffer.isBuffer(req.body) ? req.body : undefined;
      try {
        const { etag } = await storage.acceptPart(uploadId, partNumber, query.expires ?? '', query.signature ?? '', body, ctx.clock.now());
        return reply.header('ETag', `"${etag}"`).send(ok({ part_number: Number(partNumber), etag: `"${etag}"` }));
      } catch (e) {
        if (e instanceof PartRejectedError) return reply.status(e.status).send(fail(e.status, e.message));
        throw e;
      }
    }, { bodyLimit: PART_BODY_LIMIT });
  });
}
