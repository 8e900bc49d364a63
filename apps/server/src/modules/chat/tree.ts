import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PastMessage } from './prompt.ts';

/**
 * A conversation is a tree of messages (`parent_id`). The branch on screen is the path from a
 * first message down to the group's `active_leaf_id`, then on along the newest child at each
 * step (the web app follows the same rule in logic/tree.ts). Each walk here is one statement.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The end of the branch through `fromId`: down from it along the newest child at each step. */
export async function leafBelow(db: Db, fromId: number): Promise<number> {
  const r = await db.execute(sql`
    with recursive d(id, depth) as (
      select ${fromId}::int, 0
      union all
      select c.id, d.depth + 1 from d cross join lateral (
        select m.id from chat_messages m where m.parent_id = d.id order by m.id desc limit 1
      ) c
    )
    select id from d order by depth desc limit 1`);
  return rows<{ id: number }>(r)[0]?.id ?? fromId;
}

/** The last message of the branch on screen (null: the conversation has no message). */
export async function endOfBranch(db: Db, group: { id: number; activeLeafId: number | null }): Promise<number | null> {
  if (group.activeLeafId !== null) return leafBelow(db, group.activeLeafId);
  // No remembered branch: the newest message, which has no reply yet by construction.
  const r = await db.execute(sql`select max(id)::int as id from chat_messages where group_id = ${group.id}`);
  return rows<{ id: number | null }>(r)[0]?.id ?? null;
}

/** A message of this group (id, role, parent), or null — the same for another group's, another user's or no message. */
export async function messageOf(db: Db, groupId: number, id: number): Promise<{ id: number; role: string; parentId: number | null } | null> {
  const r = await db.execute(sql`select id, role, parent_id as "parentId" from chat_messages where id = ${id} and group_id = ${groupId}`);
  return rows<{ id: number; role: string; parentId: number | null }>(r)[0] ?? null;
}

/** The messages from the first one down to `id` (included), oldest first; at most `limit`, the nearest kept. */
export async function pathTo(db: Db, groupId: number, userId: number, id: number, limit: number): Promise<PastMessage[]> {
  const r = await db.execute(sql`
    with recursive p as (
      select id, parent_id, role, text, images, status, 1 as depth from chat_messages
      where id = ${id} and group_id = ${groupId} and user_id = ${userId}
      union all
      select m.id, m.parent_id, m.role, m.text, m.images, m.status, p.depth + 1 from chat_messages m
      join p on m.id = p.parent_id
      where p.depth < ${limit} and m.group_id = ${groupId}
    )
    select role, text, images, status from p order by depth desc`);
  return rows<{ role: string; text: string; images: string[]; status: string }>(r).map((m) => ({ ...m, role: m.role === 'user' ? 'user' : 'assistant' }));
}

/**
 * Deletes a message and everything below it, in one statement. When the branch on screen ran
 * through them, the message's parent becomes the remembered one (its newest remaining branch shows).
 */
export async function deleteSubtree(tx: Db, groupId: number, id: number, parentId: number | null): Promise<number> {
  const r = await tx.execute(sql`
    with recursive sub as (
      select id from chat_messages where id = ${id} and group_id = ${groupId}
      union all
      select m.id from chat_messages m join sub on m.parent_id = sub.id
    )
    delete from chat_messages where id in (select id from sub) returning id`);
  const deleted = rows<{ id: number }>(r).length;
  // The foreign key set active_leaf_id to null when the remembered message went.
  await tx.execute(sql`update chat_groups set active_leaf_id = ${parentId} where id = ${groupId} and active_leaf_id is null`);
  return deleted;
}
