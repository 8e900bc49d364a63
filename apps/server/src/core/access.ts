import type { Db } from '../db/client.ts';
import { ownedApps, ownedChatGroups, ownedChatMessages, ownedDocuments, ownedOrders, ownedShares, visibleApps } from '../db/access.ts';
import type { AuthUser } from './auth.ts';
import { notFound, unauthorized, type AppError } from './errors.ts';

/**
 * The one access rule (after Immich's requireAccess): every service method that reads or changes
 * a caller's resource opens with `requireAccess(db, actor, permission, ids)`. Ownership is defined
 * once per resource in db/access.ts. What the caller may not touch is the same 404 as what does
 * not exist, so ids reveal nothing. An administrator has no implicit access to users' content.
 */

/** A caller: a user, a payer (a user or a guest device, for orders), or nobody. */
export type Actor = AuthUser | { userId: number | null; clientCode: string | null } | null;

interface Rule<I> {
  /** Guests (no user) may hold this permission (catalogue apps, a device's own orders). */
  guests: boolean;
  check(db: Db, actor: { userId: number | null; clientCode: string | null }, ids: I[]): Promise<I[]>;
  denied(): AppError;
}

const userOnly = <I>(check: (db: Db, userId: number, ids: I[]) => Promise<I[]>, message: string): Rule<I> => ({
  guests: false,
  check: (db, a, ids) => (a.userId === null ? Promise.resolve([]) : check(db, a.userId, ids)),
  denied: () => notFound(message),
});

const open = <I>(check: Rule<I>['check'], message: string): Rule<I> => ({ guests: true, check, denied: () => notFound(message) });

const RULES = {
  'chatGroup.read': userOnly(ownedChatGroups, '对话不存在或已删除'),
  'chatGroup.update': userOnly(ownedChatGroups, '对话不存在或已删除'),
  'chatGroup.delete': userOnly(ownedChatGroups, '对话不存在或已删除'),
  'chatMessage.delete': userOnly(ownedChatMessages, '消息不存在或已删除'),
  'document.read': userOnly(ownedDocuments, '文档不存在或已删除'),
  'document.delete': userOnly(ownedDocuments, '文档不存在或已删除'),
  'document.ask': userOnly(ownedDocuments, '文档不存在或已删除'),
  'myApp.delete': userOnly(ownedApps, '应用不存在或已下架'),
  'app.read': open<number>((db, a, ids) => visibleApps(db, a.userId, ids), '应用不存在或已下架'),
  'template.read': open<number>((db, a, ids) => visibleApps(db, a.userId, ids, 'template'), '应用不存在或已下架'),
  'expert.read': open<number>((db, a, ids) => visibleApps(db, a.userId, ids, 'expert'), '专家不存在或已下线'),
  'order.read': open<string>(ownedOrders, '订单不存在'),
  'share.revoke': userOnly(ownedShares, '分享不存在或已撤销'),
};

export type Permission = keyof typeof RULES;
type IdOf<P extends Permission> = (typeof RULES)[P] extends Rule<infer I> ? I : never;

function normalise(actor: Actor): { userId: number | null; clientCode: string | null } {
  if (!actor) return { userId: null, clientCode: null };
  if ('tokenId' in actor) return { userId: actor.id, clientCode: null };
  return actor;
}

/** The ids (of those asked) the actor may touch with this permission. */
export async function checkAccess<P extends Permission>(db: Db, actor: Actor, permission: P, ids: readonly IdOf<P>[]): Promise<Set<IdOf<P>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rule = RULES[permission] as unknown as Rule<IdOf<P>>;
  const a = normalise(actor);
  if (a.userId === null && !rule.guests) return new Set();
  return new Set(await rule.check(db, a, unique));
}

/**
 * Throws unless the actor may touch every id: 401 for nobody on a permission guests never hold,
 * else the resource's 404. Returns the ids.
 */
export async function requireAccess<P extends Permission>(db: Db, actor: Actor, permission: P, ids: readonly IdOf<P>[]): Promise<Set<IdOf<P>>> {
  const rule = RULES[permission] as unknown as Rule<IdOf<P>>;
  if (!actor && !rule.guests) throw unauthorized();
  const allowed = await checkAccess(db, actor, permission, ids);
  if (allowed.size < new Set(ids).size) throw rule.denied();
  return allowed;
}
