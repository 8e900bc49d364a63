import { count, desc, ilike, inArray, sql } from 'drizzle-orm';
import { Code, MODERATION_IMPORT_MAX, MODERATION_WORD_MAX } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { normaliseWord } from '../../core/word-matcher.ts';
import type { Db } from '../../db/client.ts';
import { moderationWords } from '../../db/schema/index.ts';
import { moderationOf } from '../config/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

/** The moderation word list: words stored normalised (see core/word-matcher.ts), so the list shows what is matched. */

const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));
const total = async (db: Db) => Number((await db.select({ n: count() }).from(moderationWords))[0]?.n ?? 0);
/** One change of the list at a time, so the totals in the audit rows add up. */
const lockList = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:moderation_words'))`);
const refuse = (message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field: 'text', issues: [{ field: 'text', message }] });
const likeArg = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listWords(db: Db, q: { page: number; size: number; q?: string }) {
  const where = q.q && normaliseWord(q.q) ? ilike(moderationWords.word, likeArg(normaliseWord(q.q))) : undefined;
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(moderationWords)
      .where(where)
      .orderBy(desc(moderationWords.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(moderationWords).where(where),
  ]);
  return { rows: rows.map((r) => ({ id: r.id, word: r.word, createdAt: r.createdAt.toISOString() })), total: Number(n?.n ?? 0) };
}

/** The words of an import, one a line, normalised and each once; a line too long refuses the whole import. */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const w = normaliseWord(line);
    if (!w) continue;
    if ([...w].length > MODERATION_WORD_MAX) throw refuse(`第 ${i + 1} 行超过 ${MODERATION_WORD_MAX} 字：每行一个词或短语`);
    words.add(w);
  }
  if (!words.size) throw refuse('请输入违规词');
  if (words.size > MODERATION_IMPORT_MAX) throw refuse(`一次最多导入 ${MODERATION_IMPORT_MAX} 个词`);
  return [...words];
}

export async function importWords(ctx: AppContext, a: Actor, text: string) {
  const words = wordsOf(text);
  const result = await tx(ctx, async (db) => {
    await lockList(db);
    const before = await total(db);
    const added: string[] = [];
    for (let i = 0; i < words.length; i += 1000) {
      const rows = await db
        .insert(moderationWords)
        .values(words.slice(i, i + 1000).map((word) => ({ word })))
        .onConflictDoNothing()
        .returning({ word: moderationWords.word });
      added.push(...rows.map((r) => r.word));
    }
    const after = before + added.length;
    if (added.length) {
      await writeAudit(db, { ...a, action: 'moderation.add', targetType: 'moderation_words', targetId: 'list', before: { total: before }, after: { total: after, added } });
    }
    return { added: added.length, existing: words.length - added.length, total: after };
  });
  if (result.added) await moderationOf(ctx).invalidate();
  return result;
}

export async function deleteWords(ctx: AppContext, a: Actor, ids: number[]) {
  const result = await tx(ctx, async (db) => {
    await lockList(db);
    const before = await total(db);
    const gone = await db.delete(moderationWords).where(inArray(moderationWords.id, ids)).returning({ word: moderationWords.word });
    if (gone.length) {
      await writeAudit(db, {
        ...a,
        action: 'moderation.remove',
        targetType: 'moderation_words',
        targetId: 'list',
        before: { total: before, removed: gone.map((g) => g.word) },
        after: { total: before - gone.length },
      });
    }
    return { removed: gone.length, total: before - gone.length };
  });
  if (result.removed) await moderationOf(ctx).invalidate();
  return result;
}
