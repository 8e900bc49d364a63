import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile'),
    username: text('username'),
    passwordHash: text('password_hash'),
    wechatOpenid: text('wechat_openid'),
    wechatUnionid: text('wechat_unionid'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: integer('invited_by'),
    clientCode: text('client_code'),
    registerWay: text('register_way').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: integer('status').notNull().default(1),
    consecutiveDays: integer('consecutive_days').notNull().default(0),
    /** File suffixes this user may upload to document chat; null means the default list. */
    acceptTypes: jsonb('accept_types').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobile),
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_wechat_openid_uq').on(t.wechatOpenid),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
  ],
);

/** Opaque bearer tokens; only the SHA-256 of a token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: bigint('last_used_at', { mode: 'number' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);
