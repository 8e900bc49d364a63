import { asc, eq, sql } from 'drizzle-orm';
import type { AdminModel } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import type { ConfigService } from '../config/public.ts';
import { guessCapabilities, tokenParamOf } from '../models/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

type ModelRow = typeof models.$inferSelect;
type Editable = Omit<AdminModel, 'id' | 'code' | 'keys' | 'liveKeys'>;

const editable = (m: ModelRow): Editable => ({
  label: m.label,
  description: m.description,
  upstreamModel: m.upstreamModel,
  provider: 'openai',
  baseUrl: m.baseUrl,
  inputExt: m.inputExt,
  vision: m.vision,
  reasoning: m.reasoning,
  takesTemperature: m.takesTemperature,
  tokenParam: tokenParamOf(m.tokenParam),
  takesSystem: m.takesSystem,
  pool: m.pool === 'model4' ? 'model4' : 'model3',
  cost: m.cost,
  maxRounds: m.maxRounds,
  maxTokens: m.maxTokens,
  maxContextTokens: m.maxContextTokens,
  systemPrompt: m.systemPrompt,
  sort: m.sort,
  enabled: m.enabled,
});

/** Every model with its key counts (the subqueries name "models"."id": a column in sql`` renders unqualified, which there would mean k.id). */
export async function listModels(db: Db): Promise<AdminModel[]> {
  const rows = await db
    .select({
      m: models,
      keys: sql<number>`(select count(*)::int from ${modelKeys} k where k.model_id = "models"."id")`,
      live: sql<number>`(select count(*)::int from ${modelKeys} k where k.model_id = "models"."id" and k.status = 1)`,
    })
    .from(models)
    .orderBy(asc(models.sort), asc(models.id));
  return rows.map((r) => ({ id: r.m.id, code: r.m.code, ...editable(r.m), keys: Number(r.keys), liveKeys: Number(r.live) }));
}

const oneOf = async (db: Db, id: number) => (await listModels(db)).find((m) => m.id === id)!;
const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));
const blankToNull = <T extends { baseUrl?: string | null }>(v: T): T => (v.baseUrl === '' ? { ...v, baseUrl: null } : v);

/** What the console calls a model's base URL (in the refusal of one that points inside). */
export const MODEL_BASE_URL_LABEL = '模型接口地址';

type Capability = 'vision' | 'reasoning' | 'takesTemperature' | 'tokenParam' | 'takesSystem';

/** A new model: the capabilities not given are guessed from its upstream name (o1/o3/o4/gpt-5: no temperature, max_completion_tokens). */
export async function createModel(ctx: AppContext, config: ConfigService, a: Actor, given: Omit<Editable, Capability> & Partial<Pick<Editable, Capability>> & { code: string }) {
  const guess = guessCapabilities(given.upstreamModel);
  const input = {
    ...given,
    vision: given.vision ?? guess.vision,
    reasoning: given.reasoning ?? guess.reasoning,
    takesTemperature: given.takesTemperature ?? guess.takesTemperature,
    tokenParam: given.tokenParam ?? guess.tokenParam,
    takesSystem: given.takesSystem ?? guess.takesSystem,
  };
  if (input.baseUrl) await ctx.integrations.checkConsoleUrl(MODEL_BASE_URL_LABEL, input.baseUrl);
  const id = await tx(ctx, async (db) => {
    const [exists] = await db.select({ id: models.id }).from(models).where(eq(models.code, input.code));
    if (exists) throw badRequest('模型编码已存在');
    const [row] = await db.insert(models).values(blankToNull(input)).onConflictDoNothing().returning();
    if (!row) throw badRequest('模型编码已存在');
    await writeAudit(db, { ...a, action: 'model.create', targetType: 'model', targetId: row.id, before: null, after: { code: row.code, ...editable(row) } });
    return row.id;
  });
  await config.invalidate();
  return oneOf(ctx.db, id);
}

/** Changes the given fields; the audit row keeps only what changed. Pages see it at once (config cache dropped), turns within the model catalogue's few seconds. */
export async function updateModel(ctx: AppContext, config: ConfigService, a: Actor, id: number, patch: Partial<Editable>) {
  if (patch.baseUrl) {
    const [row] = await ctx.db.select({ baseUrl: models.baseUrl }).from(models).where(eq(models.id, id));
    if (row && row.baseUrl !== patch.baseUrl) await ctx.integrations.checkConsoleUrl(MODEL_BASE_URL_LABEL, patch.baseUrl);
  }
  await tx(ctx, async (db) => {
    const [row] = await db.select().from(models).where(eq(models.id, id)).for('update');
    if (!row) throw notFound('模型不存在');
    const current = editable(row) as Record<string, unknown>;
    const next = blankToNull(patch) as Record<string, unknown>;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next)) {
      if (JSON.stringify(current[k]) === JSON.stringify(v)) continue;
      before[k] = current[k];
      after[k] = v;
    }
    if (!Object.keys(after).length) return;
    await db.update(models).set(after).where(eq(models.id, id));
    await writeAudit(db, { ...a, action: 'model.update', targetType: 'model', targetId: id, before: { code: row.code, ...before }, after });
  });
  await config.invalidate();
  return oneOf(ctx.db, id);
}
