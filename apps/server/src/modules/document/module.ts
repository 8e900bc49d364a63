import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { OpenAiEmbeddings } from '../../providers/llm/embeddings.ts';
import type { Models } from '../models/public.ts';
import type { TurnEngine } from '../turns/public.ts';
import { documentActionsOf } from './actions.ts';
import { DocumentAsk } from './ask.ts';
import { DocumentJobs, type DocumentJobsOptions } from './jobs.ts';
import { documentRoutes } from './routes.ts';
import { SearchIndexes } from './search-index.ts';
import { DocumentService } from './service.ts';

export interface DocumentModuleOptions {
  /** Options of the parse queue (tests shorten the lease or replace the parser). */
  jobs?: Partial<DocumentJobsOptions>;
}

/** Document chat: uploads, the parse queue, retrieval and answers. Stops the queue on close. */
export function registerDocuments(
  app: FastifyInstance,
  ctx: AppContext,
  { models, turns: engine, options: { documents: opts = {} } = {} }: { models: Models; turns: TurnEngine; options?: { documents?: DocumentModuleOptions } },
) {
  const env = ctx.config.env;
  const embeddings =
    env.EMBEDDINGS_BASE_URL && env.EMBEDDINGS_API_KEY && env.EMBEDDINGS_MODEL
      ? new OpenAiEmbeddings({ baseUrl: env.EMBEDDINGS_BASE_URL, apiKey: env.EMBEDDINGS_API_KEY, model: env.EMBEDDINGS_MODEL })
      : null;
  const jobs = new DocumentJobs(ctx, { concurrency: env.DOCUMENT_PARSE_CONCURRENCY, embeddings, ...opts.jobs });
  const indexes = new SearchIndexes(
    async (id) => (await service.chunks(id)).map((c) => ({ ...c, embedding: c.embedding ?? null })),
    embeddings,
  );
  const service: DocumentService = new DocumentService(ctx, {
    added: () => jobs.kick(),
    deleted: (doc) => {
      jobs.cancel(doc.id);
      indexes.forget(doc.id);
    },
  });
  const ask = new DocumentAsk(ctx, service, indexes, models, engine);
  documentRoutes(app, ctx, service, ask);
  // Another instance's admin change to the actions reloads them here.
  const unlisten = documentActionsOf(ctx).listen();
  app.addHook('onClose', async () => {
    await (await unlisten)().catch(() => {});
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.close());
  return { service, jobs, indexes };
}
