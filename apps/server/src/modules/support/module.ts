import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { supportRoutes } from './routes.ts';

/** Feedback (with its images, hence multipart in this scope) and card keys. */
export async function registerSupport(app: FastifyInstance, ctx: AppContext) {
  await app.register(fastifyMultipart, { limits: { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: FEEDBACK_MAX_IMAGES, fields: 4, parts: FEEDBACK_MAX_IMAGES + 4 } });
  supportRoutes(app, ctx);
}
