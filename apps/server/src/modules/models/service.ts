import type { AppContext } from '../../core/context.ts';
import { ModelCatalog, type ChatModel } from './catalog.ts';
import { syncEnvModels } from './env-models.ts';
import { LlmRouter, type LlmRouterOptions } from './llm-router.ts';

export type { ChatModel, ModelKey } from './catalog.ts';
export type { LlmRouter } from './llm-router.ts';
export type { ModelCatalog } from './catalog.ts';
export { balanceError, spendable } from './credits.ts';

/**
 * The models module's public entry: the catalogue (models, prices, credit pools, keys) and the
 * router that streams a model's answer through its key pool. Other modules reach models only here.
 */
export interface Models {
  catalog: ModelCatalog;
  router: LlmRouter;
}

/** Mirrors the model settings into the registry, then builds the catalogue and its router. */
export async function createModels(ctx: AppContext, opts: LlmRouterOptions = {}): Promise<Models> {
  await syncEnvModels(ctx.db, ctx.config.env);
  const catalog = new ModelCatalog(ctx);
  return { catalog, router: new LlmRouter(ctx, catalog, opts) };
}

/** What one turn of `model` costs and from which pool; the ledger note names the model. */
export const priceOf = (model: ChatModel) => ({ pool: model.pool, cost: model.cost, label: model.label });
