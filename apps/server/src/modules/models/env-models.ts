import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { parseModelList, type Env } from '../../config.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import { guessCapabilities } from './capabilities.ts';
import { keyHash, sealedColumns } from './keys.ts';

export const envKeys = (value: string | undefined) => [...new Set((value ?? '').split(',').map((k) => k.trim()).filter(Boolean))];

/**
 * Mirrors OPENAI_MODELS / OPENAI_API_KEY into the model registry at startup, so that one line
 * of settings configures the chat. With OPENAI_MODELS, exactly those models are enabled (bound
 * to OPENAI_BASE_URL); the env keys then serve them, else every enabled model. Env keys removed
 * from the setting are removed here too; each start puts the env keys back into rotation. A new
 * model's capabilities are guessed from its name (modules/models/capabilities.ts); the console's
 * corrections of a model that exists are kept.
 */
export async function syncEnvModels(db: Db, env: Pick<Env, 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_MODELS'>, box: SecretBox) {
  const list = parseModelList(env.OPENAI_MODELS);
  const keys = envKeys(env.OPENAI_API_KEY);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727403)`);
    if (list.length) {
      for (const [i, m] of list.entries()) {
        await tx
          .insert(models)
          .values({ code: m.code, label: m.label, upstreamModel: m.code, baseUrl: env.OPENAI_BASE_URL ?? null, ...guessCapabilities(m.code), sort: i })
          .onConflictDoUpdate({
            target: models.code,
            set: { label: m.label, upstreamModel: m.code, baseUrl: env.OPENAI_BASE_URL ?? null, enabled: true, sort: i },
          });
      }
      await tx.update(models).set({ enabled: false }).where(notInArray(models.code, list.map((m) => m.code)));
    }
    const targets = list.length
      ? await tx.select({ id: models.id }).from(models).where(inArray(models.code, list.map((m) => m.code)))
      : await tx.select({ id: models.id }).from(models).where(eq(models.enabled, true));
    const ids = targets.map((t) => t.id);

    const stale = [eq(modelKeys.source, 'env')];
    if (ids.length && keys.length) {
      const hashes = keys.map(keyHash);
      await tx.delete(modelKeys).where(and(...stale, sql`(${notInArray(modelKeys.modelId, ids)} or ${modelKeys.keyHash} is null or ${notInArray(modelKeys.keyHash, hashes)})`));
    } else {
      await tx.delete(modelKeys).where(and(...stale));
    }
    if (!ids.length || !keys.length) return;
    await tx
      .insert(modelKeys)
      .values(ids.flatMap((modelId) => keys.map((key) => ({ modelId, ...sealedColumns(box, key), source: 'env' }))))
      .onConflictDoUpdate({
        target: [modelKeys.modelId, modelKeys.keyHash],
        set: { source: 'env', status: 1, disabledReason: null, disabledAt: null, key: null, secret: sql`excluded.secret`, keyHint: sql`excluded.key_hint` },
      });
  });
}
