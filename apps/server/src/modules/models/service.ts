import { resolve } from 'node:path';
import type { AppContext } from '../../core/context.ts';
import { createSecretBox, describeSecretBox } from '../../core/secret-box.ts';
import { CONFIG_CHANGED } from '../config/public.ts';
import { ModelCatalog, type ChatModel } from './catalog.ts';
import { syncEnvModels } from './env-models.ts';
import { KeyStore } from './key-store.ts';
import { KeyUsage, sealLegacyKeys } from './keys.ts';
import { LlmRouter, type LlmRouterOptions } from './llm-router.ts';

/**
 * The models module: the catalogue (models, prices, credit pools, keys) and the router that streams
 * a model's answer through its key pool. Other modules reach it through public.ts.
 */
export interface Models {
  catalog: ModelCatalog;
  router: LlmRouter;
  /** The stored keys of each model (admin console). */
  keys: KeyStore;
  /** Saves the usage counted per key (on close). */
  flush(): Promise<void>;
  /**
   * Drops the cached catalogue whenever any instance publishes a console change (a model added,
   * switched on or off, repriced), so a model the user now sees is one a turn can use; returns the unsubscribe.
   */
  listen(): Promise<() => Promise<void>>;
}

/**
 * Opens the secrets box (SECRETS_KEY, or the key kept in DATA_DIR), seals keys an older version
 * stored in clear, mirrors the model settings into the registry, then builds the catalogue, its
 * router and the key store.
 */
export async function createModels(ctx: AppContext, opts: LlmRouterOptions = {}): Promise<Models> {
  const secrets = createSecretBox(ctx.config.env, resolve(ctx.config.dataDir));
  ctx.log.info(describeSecretBox(secrets));
  await syncEnvModels(ctx.db, ctx.config.env, secrets.box);
  const sealed = await sealLegacyKeys(ctx.db, secrets.box);
  if (sealed) ctx.log.info(`${sealed} model key(s) stored in clear by an older version are now encrypted`);
  const catalog = new ModelCatalog(ctx, secrets.box);
  const usage = new KeyUsage(ctx);
  return {
    catalog,
    router: new LlmRouter(ctx, catalog, usage, opts),
    keys: new KeyStore(ctx, secrets.box, catalog, usage),
    flush: () => usage.flush(),
    listen: () => ctx.kv.subscribe(CONFIG_CHANGED, () => catalog.invalidate()),
  };
}

/** What one turn of `model` costs and from which pool; the ledger note names the model. */
export const priceOf = (model: ChatModel) => ({ pool: model.pool, cost: model.cost, label: model.label });
