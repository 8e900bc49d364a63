import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const BRANCHES = '0017_chat_branches.sql';
const dir = mkdtempSync(join(tmpdir(), 'mig-0017-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('migration 0017: conversations become trees', () => {
  it('backfills every existing conversation as one line in id order and remembers its newest message', async () => {
    for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < BRANCHES)) copyFileSync(join(MIGRATIONS, f), join(dir, f));
    const url = process.env.DATABASE_URL;
    const schema = `m_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase(url ? { url, searchPath: schema } : {});
    try {
      await migrate(database, dir);
      const { db } = database;
      const [u] = rows<{ id: number }>(await db.execute(sql`insert into users (nickname, invite_code, register_way) values ('迁移', 'MIG0017', 'test') returning id`));
      const group = async (title: string) => rows<{ id: number }>(await db.execute(sql`insert into chat_groups (user_id, model, title) values (${u!.id}, 'ai_35', ${title}) returning id`))[0]!.id;
      const say = async (g: number, role: string, text: string) =>
        rows<{ id: number }>(await db.execute(sql`insert into chat_messages (group_id, user_id, role, text, model) values (${g}, ${u!.id}, ${role}, ${text}, 'ai_35') returning id`))[0]!.id;
      const a = await group('甲');
      const b = await group('乙');
      const empty = await group('空');
      // Interleaved, as two conversations written at the same time are.
      const ids = { a: [] as number[], b: [] as number[] };
      for (let i = 0; i < 3; i++) {
        ids.a.push(await say(a, 'user', `甲问${i}`), await say(a, 'assistant', `甲答${i}`));
        ids.b.push(await say(b, 'user', `乙问${i}`));
        ids.b.push(await say(b, 'assistant', `乙答${i}`));
      }

      copyFileSync(join(MIGRATIONS, BRANCHES), join(dir, BRANCHES));
      await migrate(database, dir);

      const parents = rows<{ id: number; parent_id: number | null; group_id: number }>(await db.execute(sql`select id, parent_id, group_id from chat_messages order by id`));
      for (const list of [ids.a, ids.b]) {
        expect(list.map((id) => parents.find((p) => p.id === id)!.parent_id)).toEqual([null, ...list.slice(0, -1)]);
      }
      const groups = rows<{ id: number; active_leaf_id: number | null }>(await db.execute(sql`select id, active_leaf_id from chat_groups order by id`));
      expect(groups).toEqual([
        { id: a, active_leaf_id: ids.a.at(-1) },
        { id: b, active_leaf_id: ids.b.at(-1) },
        { id: empty, active_leaf_id: null },
      ]);

      // The foreign keys: deleting a message takes what follows it; the remembered message falls back to null.
      await db.execute(sql`delete from chat_messages where id = ${ids.a[4]!}`);
      const left = rows<{ id: number }>(await db.execute(sql`select id from chat_messages where group_id = ${a} order by id`)).map((r) => r.id);
      expect(left).toEqual(ids.a.slice(0, 4));
      expect(rows<{ active_leaf_id: number | null }>(await db.execute(sql`select active_leaf_id from chat_groups where id = ${a}`))[0]!.active_leaf_id).toBeNull();
      // Applied once: a second run changes nothing.
      await migrate(database, dir);
    } finally {
      if (url) await database.execScript(`drop schema if exists "${schema}" cascade`);
      await database.close();
    }
  });
});
