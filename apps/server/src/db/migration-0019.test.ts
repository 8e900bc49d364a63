import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../core/secret-box.ts';
import { keyHash, openKey, sealLegacyKeys } from '../modules/models/keys.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { modelKeys } from './schema/index.ts';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const KEY_STORE = '0019_model_key_store.sql';
const dir = mkdtempSync(join(tmpdir(), 'mig-0019-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('migration 0019: model keys leave the clear column', () => {
  it('keeps every key, hashed and masked; the start then seals them and empties the clear column', async () => {
    for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < KEY_STORE)) copyFileSync(join(MIGRATIONS, f), join(dir, f));
    const url = process.env.DATABASE_URL;
    const schema = `m_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase(url ? { url, searchPath: schema } : {});
    try {
      await migrate(database, dir);
      const { db } = database;
      const [m] = rows<{ id: number }>(await db.execute(sql`insert into models (code, label, upstream_model) values ('mig', '迁移', 'gpt') returning id`));
      await db.execute(sql`insert into model_keys (model_id, key, weight, status, disabled_reason) values (${m!.id}, 'sk-old-clear-key-1234', 3, 1, null), (${m!.id}, 'short', 1, 0, 'auth: HTTP 401')`);

      copyFileSync(join(MIGRATIONS, KEY_STORE), join(dir, KEY_STORE));
      await migrate(database, dir);

      const after = await db.select().from(modelKeys).where(eq(modelKeys.modelId, m!.id)).orderBy(modelKeys.id);
      expect(after.map((r) => [r.keyHint, r.keyHash, r.weight, r.priority, r.status, r.calls])).toEqual([
        ['sk-…1234', keyHash('sk-old-clear-key-1234'), 3, 0, 1, 0],
        ['****', keyHash('short'), 1, 0, 0, 0],
      ]);
      // One row per key and model (now by hash).
      await expect(db.execute(sql`insert into model_keys (model_id, key_hash) values (${m!.id}, ${keyHash('short')})`)).rejects.toThrow();

      const box = new SecretBox(randomBytes(32));
      expect(await sealLegacyKeys(db, box)).toBe(2);
      const sealed = await db.select().from(modelKeys).where(eq(modelKeys.modelId, m!.id)).orderBy(modelKeys.id);
      expect(sealed.map((r) => r.key)).toEqual([null, null]);
      expect(sealed.map((r) => openKey(box, r))).toEqual(['sk-old-clear-key-1234', 'short']);
      expect(JSON.stringify(sealed)).not.toContain('sk-old-clear-key-1234');
      expect(sealed[1]!.disabledReason).toBe('auth: HTTP 401');
    } finally {
      await database.close();
    }
  });
});
