import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { SecretBox } from '../../core/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { modelKeys } from '../../db/schema/index.ts';

/** The additional-data label of a sealed model key (a value sealed for another purpose does not open here). */
export const KEY_LABEL = 'model_key';

export type KeyRow = typeof modelKeys.$inferSelect;

/** sha256 of the clear key: one row per key and model without storing the key in clear. */
export const keyHash = (clear: string) => createHash('sha256').update(clear, 'utf8').digest('hex');

/** What admins and logs see of a key: its first 3 and last 4 characters. */
export const mask = (key: string) => (key.length <= 8 ? '****' : `${key.slice(0, 3)}…${key.slice(-4)}`);

/** The columns that store a key: sealed, hashed and masked (never in clear). */
export const sealedColumns = (box: SecretBox, clear: string) => ({
  key: null,
  secret: box.seal(clear, KEY_LABEL),
  keyHash: keyHash(clear),
  keyHint: mask(clear),
});

/** The clear key of a row, or null when it cannot be opened (sealed with another SECRETS_KEY). */
export function openKey(box: SecretBox, row: Pick<KeyRow, 'secret' | 'key'>): string | null {
  if (row.secret) {
    try {
      return box.open(row.secret, KEY_LABEL);
    } catch {
      return null;
    }
  }
  // A row written in clear by an older version (sealed at the next start).
  return row.key ?? null;
}

/** Replaces every occurrence of the clear key in an upstream's message by its masked form. */
export const scrub = (text: string, clear: string) => (clear.length >= 4 ? text.split(clear).join(mask(clear)) : text);

/**
 * At start: seals the keys an older version stored in clear and empties their clear column.
 * Returns how many were sealed.
 */
export async function sealLegacyKeys(db: Db, box: SecretBox): Promise<number> {
  await db.update(modelKeys).set({ key: null }).where(and(isNotNull(modelKeys.secret), isNotNull(modelKeys.key)));
  const rows = await db.select({ id: modelKeys.id, key: modelKeys.key }).from(modelKeys).where(and(isNull(modelKeys.secret), isNotNull(modelKeys.key)));
  for (const r of rows) await db.update(modelKeys).set(sealedColumns(box, r.key!)).where(eq(modelKeys.id, r.id));
  return rows.length;
}

interface Tally {
  calls: number;
  failures: number;
  promptTokens: number;
  completionTokens: number;
  lastUsedAt: number;
  lastError: string | null;
  lastErrorAt: number | null;
}

const FLUSH_MS = 5000;

/**
 * Usage per key, counted in memory and added to the rows every few seconds (a turn writes
 * nothing for it): calls, failures, tokens, the last use and the last error.
 */
export class KeyUsage {
  private pending = new Map<number, Tally>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private ctx: AppContext) {}

  record(keyId: number, r: { ok: boolean; usage?: { promptTokens: number; completionTokens: number } | null; error?: string }) {
    let t = this.pending.get(keyId);
    if (!t) this.pending.set(keyId, (t = { calls: 0, failures: 0, promptTokens: 0, completionTokens: 0, lastUsedAt: 0, lastError: null, lastErrorAt: null }));
    const now = this.ctx.clock.now();
    t.calls++;
    t.lastUsedAt = now;
    if (!r.ok) {
      t.failures++;
      if (r.error) {
        t.lastError = r.error.slice(0, 500);
        t.lastErrorAt = now;
      }
    }
    if (r.usage) {
      t.promptTokens += r.usage.promptTokens;
      t.completionTokens += r.usage.completionTokens;
    }
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }

  /** Writes what was counted (also called on close and before an admin reads the counts). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) await this.flushing;
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = (async () => {
      for (const [id, t] of batch) {
        try {
          await this.ctx.db
            .update(modelKeys)
            .set({
              calls: sql`${modelKeys.calls} + ${t.calls}`,
              failures: sql`${modelKeys.failures} + ${t.failures}`,
              promptTokens: sql`${modelKeys.promptTokens} + ${t.promptTokens}`,
              completionTokens: sql`${modelKeys.completionTokens} + ${t.completionTokens}`,
              lastUsedAt: new Date(t.lastUsedAt),
              ...(t.lastError ? { lastError: t.lastError, lastErrorAt: new Date(t.lastErrorAt!) } : {}),
            })
            .where(eq(modelKeys.id, id));
        } catch (e) {
          this.ctx.log.warn({ keyId: id, err: (e as Error).message }, 'could not save key usage');
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }
}
