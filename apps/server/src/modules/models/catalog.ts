import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { modelKeys, models } from '../../db/schema/index.ts';
import type { CreditPool } from '../billing/public.ts';

export interface ChatModel {
  id: number;
  code: string;
  label: string;
  upstreamModel: string;
  baseUrl: string | null;
  inputExt: number;
  vision: boolean;
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
  key: string;
  weight: number;
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

  constructor(private ctx: AppContext) {}

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
          if (k.status === 1) entry.live.push({ id: k.id, key: k.key, weight: k.weight });
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

  async disableKey(key: ModelKey, model: ChatModel, reason: string) {
    await this.ctx.db
      .update(modelKeys)
      .set({ status: 0, disabledReason: reason.slice(0, 500), disabledAt: new Date(this.ctx.clock.now()) })
      .where(eq(modelKeys.id, key.id));
    this.invalidate();
    this.ctx.log.warn({ model: model.code, keyId: key.id, key: mask(key.key), reason }, 'model key taken out of rotation');
  }

  invalidate() {
    this.cache = null;
  }
}

export const mask = (key: string) => (key.length <= 8 ? '****' : `${key.slice(0, 3)}…${key.slice(-4)}`);
