import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TOKEN_TTL_SECONDS } from '@app/shared';
import { authTokens, users } from '../db/schema/index.ts';
import { batchLoader } from './batch.ts';
import type { AppContext } from './context.ts';
import { tokenInvalid, unauthorized } from './errors.ts';
import { randomToken, sha256 } from './ids.ts';

export interface AuthUser {
  id: number;
  tokenId: number;
  isAdmin: boolean;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  const t = m?.[1]?.trim();
  return t && t !== 'null' && t !== 'undefined' ? t : null;
}

export async function issueToken(ctx: AppContext, userId: number, ip?: string) {
  const token = randomToken(32);
  await ctx.db.insert(authTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.clock.now() + TOKEN_TTL_SECONDS * 1000),
    ip,
  });
  return token;
}

interface SessionRow {
  id: number;
  tokenId: number;
  isAdmin: boolean;
  status: number;
}

/** Live sessions by token hash: the requests of one turn of the event loop share one query. */
const sessionLoaders = new WeakMap<AppContext, (hash: string) => Promise<SessionRow | undefined>>();

function sessionLoader(ctx: AppContext) {
  let load = sessionLoaders.get(ctx);
  if (!load) {
    load = batchLoader(async (hashes: string[]) => {
      const rows = await ctx.db
        .select({ hash: authTokens.tokenHash, id: users.id, tokenId: authTokens.id, isAdmin: users.isAdmin, status: users.status })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(inArray(authTokens.tokenHash, hashes), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date(ctx.clock.now()))));
      return new Map(rows.map((r) => [r.hash, r]));
    });
    sessionLoaders.set(ctx, load);
  }
  return load;
}

async function lookup(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const row = await sessionLoader(ctx)(sha256(token));
  if (!row || row.status !== 1) return null;
  return { id: row.id, tokenId: row.tokenId, isAdmin: row.isAdmin };
}

export const BANNED_MESSAGE = '账号已被停用，请联系客服';

/** True when the token (revoked or not) belongs to a banned account: its refusal says so (SPEC §8 403000 with the message). */
async function isBannedToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ status: users.status })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, sha256(token)))
    .limit(1);
  return !!row && row.status !== 1;
}

/** The caller; HTTP 401 without a token, code 403000 with a bad, revoked or expired one. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const user = await lookup(ctx, token);
  if (!user) throw (await isBannedToken(ctx, token)) ? tokenInvalid(BANNED_MESSAGE) : tokenInvalid();
  return user;
}

/** The caller when a valid token came with the request, else null (public endpoints). */
export async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(req);
  return token ? lookup(ctx, token) : null;
}

export async function revokeToken(ctx: AppContext, tokenId: number) {
  await ctx.db.update(authTokens).set({ revokedAt: new Date(ctx.clock.now()) }).where(eq(authTokens.id, tokenId));
}

export async function revokeAllTokens(ctx: AppContext, userId: number) {
  await ctx.db
    .update(authTokens)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
