import { and, asc, eq } from 'drizzle-orm';
import type { AdminModelKey, AdminModelKeyTest } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import { OpenAiChat } from '../../providers/llm/openai.ts';
import { LlmError } from '../../providers/llm/types.ts';
import { tokenParamOf } from './capabilities.ts';
import type { ModelCatalog } from './catalog.ts';
import { keyHash, openKey, scrub, sealedColumns, type KeyRow, type KeyUsage } from './keys.ts';
import { DEFAULT_BASE_URL } from './llm-router.ts';

/** A test call gives up sooner than a turn. */
const TEST_TIMEOUT_MS = 20_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface KeyInput {
  key: string;
  baseUrl?: string | null;
  weight: number;
  priority: number;
}

export interface KeyPatch {
  baseUrl?: string | null;
  weight?: number;
  priority?: number;
  enabled?: boolean;
}

/**
 * The stored keys of each model as the admin console manages them: added sealed, listed masked,
 * weighted, prioritised, switched off and on, deleted and tested with a real call. Writes take
 * the caller's transaction (the audit row goes in with the change).
 */
export class KeyStore {
  constructor(
    private ctx: AppContext,
    private box: SecretBox,
    private catalog: ModelCatalog,
    private usage: KeyUsage,
  ) {}

  /** The admin's view of a row: masked, never the key. */
  view(r: KeyRow): AdminModelKey {
    return {
      id: r.id,
      modelId: r.modelId,
      hint: r.keyHint || '****',
      source: r.source === 'env' ? 'env' : 'admin',
      baseUrl: r.baseUrl,
      weight: r.weight,
      priority: r.priority,
      enabled: r.status === 1,
      readable: openKey(this.box, r) !== null,
      disabledReason: r.disabledReason,
      disabledAt: iso(r.disabledAt),
      lastError: r.lastError,
      lastErrorAt: iso(r.lastErrorAt),
      lastUsedAt: iso(r.lastUsedAt),
      calls: Number(r.calls),
      failures: Number(r.failures),
      promptTokens: Number(r.promptTokens),
      completionTokens: Number(r.completionTokens),
      createdAt: r.createdAt.toISOString(),
    };
  }

  async model(db: Db, modelId: number) {
    const [m] = await db.select({ id: models.id, code: models.code, label: models.label, baseUrl: models.baseUrl, upstreamModel: models.upstreamModel, takesTemperature: models.takesTemperature, tokenParam: models.tokenParam, takesSystem: models.takesSystem }).from(models).where(eq(models.id, modelId));
    if (!m) throw notFound('模型不存在');
    return m;
  }

  /** A model's keys, highest priority first, with the usage counted so far. */
  async list(modelId: number): Promise<AdminModelKey[]> {
    await this.usage.flush();
    const rows = await this.ctx.db.select().from(modelKeys).where(eq(modelKeys.modelId, modelId)).orderBy(asc(modelKeys.id));
    return rows.map((r) => this.view(r)).sort((a, b) => b.priority - a.priority || a.id - b.id);
  }

  /** A key of that model (locked for the change when `lock`). */
  async row(db: Db, modelId: number, keyId: number, lock = false): Promise<KeyRow> {
    const q = db.select().from(modelKeys).where(and(eq(modelKeys.id, keyId), eq(modelKeys.modelId, modelId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('密钥不存在');
    return row;
  }

  async add(db: Db, modelId: number, input: KeyInput): Promise<KeyRow> {
    await this.model(db, modelId);
    const [dup] = await db.select({ id: modelKeys.id }).from(modelKeys).where(and(eq(modelKeys.modelId, modelId), eq(modelKeys.keyHash, keyHash(input.key))));
    if (dup) throw badRequest('该模型已有这个密钥');
    const [row] = await db
      .insert(modelKeys)
      .values({ modelId, ...sealedColumns(this.box, input.key), baseUrl: input.baseUrl || null, weight: input.weight, priority: input.priority, source: 'admin' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw badRequest('该模型已有这个密钥');
    return row;
  }

  async update(db: Db, row: KeyRow, patch: KeyPatch): Promise<KeyRow> {
    const set: Partial<typeof modelKeys.$inferInsert> = {};
    if (patch.weight !== undefined) set.weight = patch.weight;
    if (patch.priority !== undefined) set.priority = patch.priority;
    if (patch.baseUrl !== undefined) set.baseUrl = patch.baseUrl || null;
    if (patch.enabled !== undefined && patch.enabled !== (row.status === 1)) {
      if (patch.enabled) Object.assign(set, { status: 1, disabledReason: null, disabledAt: null });
      else Object.assign(set, { status: 0, disabledReason: '管理员停用', disabledAt: new Date(this.ctx.clock.now()) });
    }
    if (!Object.keys(set).length) return row;
    const [next] = await db.update(modelKeys).set(set).where(eq(modelKeys.id, row.id)).returning();
    return next!;
  }

  async remove(db: Db, row: KeyRow) {
    await db.delete(modelKeys).where(eq(modelKeys.id, row.id));
  }

  /** After a committed change: turns see it at once on this instance, within seconds on the others. */
  changed() {
    this.catalog.invalidate();
  }

  /**
   * A real minimal call with the key (a 1-token chat completion of the model's upstream model).
   * Success puts the key back into rotation; a key the upstream calls invalid, banned or out of
   * quota is taken out. The answer is reported as the upstream gave it, the key masked out of it.
   */
  async test(modelId: number, keyId: number): Promise<{ before: KeyRow; result: AdminModelKeyTest }> {
    const m = await this.model(this.ctx.db, modelId);
    const before = await this.row(this.ctx.db, modelId, keyId);
    const clear = openKey(this.box, before);
    const { env } = this.ctx.config;
    const baseUrl = before.baseUrl ?? m.baseUrl ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
    const started = Date.now();
    let reply = '';
    let outcome: { ok: true; usage: { promptTokens: number; completionTokens: number } | null } | { ok: false; error: LlmError };
    if (clear === null) {
      outcome = { ok: false, error: new LlmError('auth', '密钥无法解密（SECRETS_KEY 与保存时不同），请删除后重新添加') };
    } else {
      const chat = new OpenAiChat({ baseUrl, apiKey: clear, timeoutMs: Math.min(env.LLM_TIMEOUT_MS, TEST_TIMEOUT_MS), guard: this.ctx.integrations.guardFor(baseUrl) });
      try {
        const usage = await chat.relay({ model: m.upstreamModel, messages: [{ role: 'user', content: 'ping' }], maxTokens: 1, capabilities: { takesTemperature: m.takesTemperature, tokenParam: tokenParamOf(m.tokenParam), takesSystem: m.takesSystem } }, (text) => {
          if (reply.length < 200) reply += text;
        });
        outcome = { ok: true, usage };
      } catch (e) {
        outcome = { ok: false, error: e instanceof LlmError ? e : new LlmError('refused', (e as Error).message) };
      }
    }
    const latencyMs = Date.now() - started;
    const now = new Date(this.ctx.clock.now());
    const clean = (s: string) => (clear ? scrub(s, clear) : s);
    let message: string;
    let set: Partial<typeof modelKeys.$inferInsert>;
    if (outcome.ok) {
      message = `HTTP 200${reply ? `: ${clean(reply).slice(0, 200)}` : ''}`;
      set = { status: 1, disabledReason: null, disabledAt: null, lastUsedAt: now };
      this.usage.record(keyId, { ok: true, usage: outcome.usage });
    } else {
      const e = outcome.error;
      message = clean(e.message).slice(0, 500);
      const reason = `${e.kind}: ${message}`.slice(0, 500);
      set = { lastError: reason, lastErrorAt: now, lastUsedAt: now };
      if (e.keyIsBad && before.status === 1) Object.assign(set, { status: 0, disabledReason: reason, disabledAt: now });
      if (clear !== null) this.usage.record(keyId, { ok: false, error: reason });
    }
    const [after] = await this.ctx.db.update(modelKeys).set(set).where(eq(modelKeys.id, keyId)).returning();
    this.catalog.invalidate();
    if (!after) throw notFound('密钥不存在');
    this.ctx.log.info({ model: m.code, keyId, key: after.keyHint, ok: outcome.ok, status: outcome.ok ? 200 : outcome.error.status }, 'model key tested');
    return {
      before,
      result: {
        ok: outcome.ok,
        httpStatus: outcome.ok ? 200 : (outcome.error.status ?? null),
        kind: outcome.ok ? null : outcome.error.kind,
        message,
        reply: outcome.ok ? clean(reply).slice(0, 200) : '',
        latencyMs,
        key: this.view(after),
      },
    };
  }
}
