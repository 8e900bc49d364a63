import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  appCollects,
  apps,
  balanceLedger,
  balances,
  chatGroups,
  chatMessages,
  documentMessages,
  documents,
  drawImages,
  drawTasks,
  feedbacks,
  firstPurchases,
  jobs,
  minds,
  orders,
  shares,
  signIns,
  slideDecks,
  theses,
  translations,
} from '../schema/index.ts';
import { byUserId, Owned, type OwnedSpec } from './owned.ts';

export { Owned, type GetOptions, type ListOptions, type OwnedSpec, type ReadOptions, type Row, type Values } from './owned.ts';

/**
 * The caller's resources, bound to their user id (after Immich's and LobeChat's repositories):
 * `forUser(db, userId).mindMaps.get(id)`. Each property is an `Owned` table: get / list / count /
 * create / update / delete / keys, and `scope()` for a query of its own. `db` may be a transaction.
 */
export class UserRepos {
  constructor(
    readonly db: Db,
    readonly userId: number,
  ) {}

  private owned<T extends PgTable, K extends number | string = number>(spec: OwnedSpec<T>) {
    return new Owned<T, K>(this.db, this.userId, spec);
  }

  get chatGroups() {
    return this.owned(byUserId(chatGroups, (t) => isNull(t.deletedAt)));
  }
  /** The user's messages (see `liveChatMessageIds` for "in one of the user's live groups"). */
  get chatMessages() {
    return this.owned(byUserId(chatMessages));
  }
  /** Documents, asked for by token. */
  get documents() {
    return this.owned<typeof documents, string>({ table: documents, owner: (t) => t.userId, key: (t) => t.token, live: (t) => isNull(t.deletedAt) });
  }
  get documentMessages() {
    return this.owned(byUserId(documentMessages));
  }
  get drawImages() {
    return this.owned(byUserId(drawImages, (t) => isNull(t.deletedAt)));
  }
  get drawTasks() {
    return this.owned(byUserId(drawTasks));
  }
  get mindMaps() {
    return this.owned(byUserId(minds));
  }
  get translations() {
    return this.owned(byUserId(translations));
  }
  get slideDecks() {
    return this.owned(byUserId(slideDecks, (t) => isNull(t.deletedAt)));
  }
  get theses() {
    return this.owned(byUserId(theses));
  }
  get feedbacks() {
    return this.owned(byUserId(feedbacks));
  }
  get jobs() {
    return this.owned(byUserId(jobs));
  }
  get shares() {
    return this.owned(byUserId(shares));
  }
  /** The user's own apps (made with /app/customApp); the catalogue is nobody's. */
  get apps() {
    return this.owned<typeof apps>({ table: apps, owner: (t) => t.ownerId, key: (t) => t.id });
  }
  /** Collected apps, by app id. */
  get appCollects() {
    return this.owned<typeof appCollects>({ table: appCollects, owner: (t) => t.userId, key: (t) => t.appId });
  }
  /** Orders bound to the user, by number (a guest device's orders are core/access's `order.read`). */
  get orders() {
    return this.owned<typeof orders, string>({ table: orders, owner: (t) => t.userId, key: (t) => t.orderNo });
  }
  /** The user's one balance row (its key is the user id). */
  get balances() {
    return this.owned<typeof balances>({ table: balances, owner: (t) => t.userId, key: (t) => t.userId });
  }
  get balanceLedger() {
    return this.owned(byUserId(balanceLedger));
  }
  /** The user's first-purchase grant (one row; its key is the user id). */
  get firstPurchases() {
    return this.owned<typeof firstPurchases>({ table: firstPurchases, owner: (t) => t.userId, key: (t) => t.userId });
  }
  /** Days signed in, by day (YYYY-MM-DD). */
  get signIns() {
    return this.owned<typeof signIns, string>({ table: signIns, owner: (t) => t.userId, key: (t) => t.day });
  }

  /** Ids (of those asked) of the user's messages in one of the user's live groups. */
  async liveChatMessageIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(chatGroups, eq(chatGroups.id, chatMessages.groupId))
      .where(and(inArray(chatMessages.id, ids), this.chatMessages.scope(), this.chatGroups.scope()));
    return rows.map((r) => r.id);
  }
}

/** The repositories of one user. */
export function forUser(db: Db, userId: number): UserRepos {
  return new UserRepos(db, userId);
}
