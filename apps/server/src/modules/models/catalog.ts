import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import type { LlmCapabilities } from '../../providers/llm/types.ts';
import type { CreditPool } from '../billing/public.ts';
import { tokenParamOf } from './capabilities.ts';
import { mask, openKey, scrub } from './keys.ts';

export interface ChatModel {
  id: number;
  code: string;
  label: string;
  upstreamModel: string;
  baseUrl: string | null;
  inputExt: number;
  vision: boolean;
  /** Thinks before it answers (its thinking streamed apart). */
  reasoning: boolean;
  /** What the upstream takes: temperature, the output-token parameter's name, a system message. */
  capabilities: LlmCapabilities;
  pool: CreditPool;
  cost: number;
  maxRounds: number;
  maxTokens: number;
  maxContextTokens: number;
  /** Upper bound of temperature. */
  temperatureMax: number;
  systemPrompt: string;
}

export interface ModelKey {
  id: number;
  /** The clear key, only in memory. */
  key: string;
  weight: number;
  /** Higher first: a lower priority serves only when every key above it is out or tried. */
  priority: number;
  /** This key's own upstream, else the model's. */
  baseUrl: string | null;
}

const CACHE_MS = 5000;

interface Snapshot {
  at: number;
  models: ChatModel[];
  keys: Map<number, { configured: number; live: ModelKey[] }>;
}

/**
 * Enabled models and their keys, read together and cached briefly so a turn does no DB work
 * for them. Taking a key out of rotation drops the cache at once on this instance.
 */
export class ModelCatalog {
  private cache: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Keys that would not open, reported once each. */
  private unreadable = new Set<number>();

  constructor(
    private ctx: AppContext,
    private box: SecretBox,
  ) {}

  private async load(): Promise<Snapshot> {
    const now = this.ctx.clock.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache;
    this.loading ??= (async () => {
      try {
        const [rows, keyRows] = await Promise.all([
          this.ctx.db.select().from(models).where(eq(models.enabled, true)).orderBy(asc(models.sort), asc(models.id)),
          this.ctx.db.select().from(modelKeys).orderBy(asc(modelKeys.id)),
        ]);
        const keys = new Map<number, { configured: number; live: ModelKey[] }>();
        for (const k of keyRows) {
          let entry = keys.get(k.modelId);
          if (!entry) keys.set(k.modelId, (entry = { configured: 0, live: [] }));
          entry.configured++;
          if (k.status !== 1) continue;
          const key = openKey(this.box, k);
          if (key === null) {
            if (!this.unreadable.has(k.id)) this.ctx.log.error({ keyId: k.id, key: k.keyHint }, 'model key cannot be decrypted (another SECRETS_KEY?); left out of rotation');
            this.unreadable.add(k.id);
            continue;
          }
          entry.live.push({ id: k.id, key, weight: k.weight, priority: k.priority, baseUrl: k.baseUrl });
        }
        const snapshot: Snapshot = {
          at: this.ctx.clock.now(),
          keys,
          models: rows.map((m) => ({
            id: m.id,
            code: m.code,
            label: m.label,
            upstreamModel: m.upstreamModel,
            baseUrl: m.baseUrl,
            inputExt: m.inputExt,
            vision: m.vision,
            reasoning: m.reasoning,
            capabilities: { takesTemperature: m.takesTemperature, tokenParam: tokenParamOf(m.tokenParam), takesSystem: m.takesSystem },
            pool: m.pool === 'model4' ? 'model4' : 'model3',
            cost: m.cost,
            maxRounds: m.maxRounds,
            maxTokens: m.maxTokens,
            maxContextTokens: m.maxContextTokens,
            temperatureMax: m.temperatureMax / 10,
            systemPrompt: m.systemPrompt,
          })),
        };
        this.cache = snapshot;
        return snapshot;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  async list() {
    return (await this.load()).models;
  }

  /** An enabled model by code; without a code, the first one. */
  async find(code?: string | null): Promise<ChatModel | null> {
    const all = await this.list();
    return code ? (all.find((m) => m.code === code) ?? null) : (all[0] ?? null);
  }

  /** `configured` counts every key (also those taken out); a model with none runs offline. */
  async keys(modelId: number) {
    return (await this.load()).keys.get(modelId) ?? { configured: 0, live: [] };
  }

  /**
   * Takes a key out of rotation with the upstream's reason (the row is what every instance reads;
   * the clear key never reaches the reason or the log). False when it was already out.
   */
  async disableKey(key: ModelKey, model: ChatModel, reason: string): Promise<boolean> {
    const clean = scrub(reason, key.key).slice(0, 500);
    const now = new Date(this.ctx.clock.now());
    const changed = await this.ctx.db
      .update(modelKeys)
      .set({ status: 0, disabledReason: clean, disabledAt: now, lastError: clean, lastErrorAt: now })
      .where(and(eq(modelKeys.id, key.id), eq(modelKeys.status, 1)))
      .returning({ id: modelKeys.id });
    this.invalidate();
    if (changed.length) this.ctx.log.warn({ model: model.code, keyId: key.id, key: mask(key.key), reason: clean }, 'model key taken out of rotation');
    return changed.length > 0;
  }

  invalidate() {
    this.cache = null;
  }
}
