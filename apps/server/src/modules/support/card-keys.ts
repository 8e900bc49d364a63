import { randomInt } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { CARD_KEY_ALPHABET, CARD_KEY_LENGTH, formatCardKey, type CardGrant, type CardRedeemedReply, type CardRedeemReply } from '@app/shared';
import type { z } from 'zod';
import type { cardBatchCreateBody } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest, notFound, tooMany } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { balances, cardKeyBatches, cardKeys, packages, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../core/audit.ts';
import { grantPackage } from '../billing/public.ts';

type BatchRow = typeof cardKeyBatches.$inferSelect;

/** Wrong codes a user, or an address, may try per hour before redeeming is refused for the rest of it. */
export const CARD_FAILS_PER_HOUR = 10;
const FAIL_WINDOW_SECONDS = 3600;
export const CARD_THROTTLED_MESSAGE = '卡密错误次数过多，请1小时后再试';

export const grantOf = (b: Pick<BatchRow, 'days' | 'level' | 'model3Count' | 'model4Count' | 'drawCount' | 'pptCount'>): CardGrant => ({
  days: b.days,
  level: b.level,
  model3: b.model3Count,
  model4: b.model4Count,
  draw: b.drawCount,
  ppt: b.pptCount,
});

/** 16 characters of a 32-letter alphabet: 80 bits, far beyond guessing at ten tries an hour. */
export function newCardKey(): string {
  let s = '';
  for (let i = 0; i < CARD_KEY_LENGTH; i++) s += CARD_KEY_ALPHABET[randomInt(CARD_KEY_ALPHABET.length)];
  return s;
}

/** Card keys (卡密): made in batches by the operator, each redeemed once for what its batch grants. */
export class CardKeyService {
  constructor(private ctx: AppContext) {}

  async redeem(userId: number, ip: string, code: string): Promise<CardRedeemReply> {
    const failKeys = [`card-fail:u:${userId}`, `card-fail:ip:${ip}`];
    const fails = await Promise.all(failKeys.map((k) => this.ctx.kv.get(k)));
    if (fails.some((n) => Number(n ?? 0) >= CARD_FAILS_PER_HOUR)) throw tooMany(CARD_THROTTLED_MESSAGE);
    const now = new Date(this.ctx.clock.now());
    const result = await this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The claim is one guarded UPDATE: of two redemptions of one code at the same moment, one finds it unredeemed.
      const [claimed] = await tx
        .update(cardKeys)
        .set({ redeemedBy: userId, redeemedAt: now })
        .where(
          and(
            eq(cardKeys.code, code),
            isNull(cardKeys.redeemedBy),
            isNull(cardKeys.redeemedAt),
            sql`${cardKeys.batchId} in (select ${cardKeyBatches.id} from ${cardKeyBatches} where ${cardKeyBatches.voidedAt} is null and (${cardKeyBatches.expiresAt} is null or ${cardKeyBatches.expiresAt} > ${now.toISOString()}::timestamptz))`,
          ),
        )
        .returning({ batchId: cardKeys.batchId });
      if (!claimed) return null;
      const [batch] = await tx.select().from(cardKeyBatches).where(eq(cardKeyBatches.id, claimed.batchId));
      const grant = grantOf(batch!);
      await grantPackage(
        tx,
        userId,
        { name: `卡密兑换 · ${batch!.name}`, days: grant.days, level: grant.level, model3Count: grant.model3, model4Count: grant.model4, drawCount: grant.draw, pptCount: grant.ppt },
        `card-key:${code}`,
        now.getTime(),
        'card-key',
      );
      const [bal] = await tx.select({ expiresAt: balances.memberExpiresAt }).from(balances).where(forUser(tx, userId).balances.scope());
      return { name: batch!.name, grant, memberExpiresAt: bal?.expiresAt?.toISOString() ?? null };
    });
    if (result) return result;
    throw await this.refusal(code, failKeys);
  }

  /** Why a code was not redeemed. Unknown codes count towards the hourly limit of wrong tries. */
  private async refusal(code: string, failKeys: string[]): Promise<AppError> {
    const [row] = await this.ctx.db
      .select({ redeemedAt: cardKeys.redeemedAt, voidedAt: cardKeyBatches.voidedAt, expiresAt: cardKeyBatches.expiresAt })
      .from(cardKeys)
      .innerJoin(cardKeyBatches, eq(cardKeyBatches.id, cardKeys.batchId))
      .where(eq(cardKeys.code, code));
    if (!row) {
      await Promise.all(failKeys.map((k) => this.ctx.kv.incr(k, FAIL_WINDOW_SECONDS)));
      return badRequest('卡密不存在，请检查后重新输入');
    }
    if (row.redeemedAt) return badRequest('该卡密已被使用');
    if (row.voidedAt) return badRequest('该卡密已作废');
    return badRequest('该卡密已过期');
  }

  async mine(userId: number): Promise<CardRedeemedReply> {
    const rows = await this.ctx.db
      .select({ code: cardKeys.code, at: cardKeys.redeemedAt, batch: cardKeyBatches })
      .from(cardKeys)
      .innerJoin(cardKeyBatches, eq(cardKeyBatches.id, cardKeys.batchId))
      .where(eq(cardKeys.redeemedBy, userId))
      .orderBy(desc(cardKeys.redeemedAt))
      .limit(100);
    return { rows: rows.map((r) => ({ code: formatCardKey(r.code), name: r.batch.name, grant: grantOf(r.batch), redeemedAt: r.at!.toISOString() })) };
  }

  async createBatch(adminId: number, body: z.output<typeof cardBatchCreateBody>, ip: string) {
    let grant = { days: body.days, level: body.level, model3Count: body.model3, model4Count: body.model4, drawCount: body.draw, pptCount: body.ppt };
    if (body.packageId !== undefined) {
      const [pkg] = await this.ctx.db.select().from(packages).where(eq(packages.id, body.packageId));
      if (!pkg) throw notFound('套餐不存在');
      // The grant is copied: editing the package later does not change keys already handed out.
      grant = { days: pkg.days, level: pkg.level, model3Count: pkg.model3Count, model4Count: pkg.model4Count, drawCount: pkg.drawCount, pptCount: pkg.pptCount };
    }
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= this.ctx.clock.now()) throw badRequest('过期时间须晚于现在');
    const codes = new Set<string>();
    while (codes.size < body.quantity) codes.add(newCardKey());
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [batch] = await tx
        .insert(cardKeyBatches)
        .values({ name: body.name, ...grant, packageId: body.packageId ?? null, quantity: body.quantity, expiresAt, createdBy: adminId })
        .returning();
      const list = [...codes];
      for (let i = 0; i < list.length; i += 500) {
        await tx.insert(cardKeys).values(list.slice(i, i + 500).map((code) => ({ code, batchId: batch!.id })));
      }
      const view = this.batchView(batch!, 0);
      await writeAudit(tx, { adminId, action: 'cardKey.create', targetType: 'cardBatch', targetId: batch!.id, before: null, after: { ...view, codes: undefined }, ip });
      return { batch: view, codes: list.map(formatCardKey) };
    });
  }

  async batches() {
    const rows = await this.ctx.db
      .select({ b: cardKeyBatches, redeemed: sql<number>`(select count(*) from ${cardKeys} where ${cardKeys.batchId} = ${cardKeyBatches.id} and ${cardKeys.redeemedBy} is not null)::int` })
      .from(cardKeyBatches)
      .orderBy(desc(cardKeyBatches.id))
      .limit(500);
    return { rows: rows.map((r) => this.batchView(r.b, Number(r.redeemed))) };
  }

  async keys(batchId: number) {
    await this.batch(batchId);
    const rows = await this.ctx.db
      .select({ code: cardKeys.code, redeemedBy: cardKeys.redeemedBy, redeemedAt: cardKeys.redeemedAt, nickname: users.nickname })
      .from(cardKeys)
      .leftJoin(users, eq(users.id, cardKeys.redeemedBy))
      .where(eq(cardKeys.batchId, batchId))
      .orderBy(cardKeys.code);
    return { rows: rows.map((r) => ({ code: formatCardKey(r.code), redeemedBy: r.redeemedBy, nickname: r.nickname, redeemedAt: r.redeemedAt?.toISOString() ?? null })) };
  }

  /** The batch as CSV (卡密,状态,兑换用户ID,兑换时间), with a BOM so Excel reads the Chinese headings. */
  async csv(batchId: number) {
    const { rows } = await this.keys(batchId);
    const lines = ['卡密,状态,兑换用户ID,兑换时间', ...rows.map((r) => [r.code, r.redeemedAt ? '已兑换' : '未兑换', r.redeemedBy ?? '', r.redeemedAt ?? ''].join(','))];
    return `\ufeff${lines.join('\r\n')}\r\n`;
  }

  /** Voids the batch: its unredeemed keys stop working; redeemed ones stay as they were. */
  async void(adminId: number, batchId: number, ip: string) {
    const before = await this.batch(batchId);
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .update(cardKeyBatches)
        .set({ voidedAt: sql`coalesce(${cardKeyBatches.voidedAt}, now())` })
        .where(eq(cardKeyBatches.id, batchId))
        .returning();
      const [r] = await tx.select({ n: count() }).from(cardKeys).where(and(eq(cardKeys.batchId, batchId), isNotNull(cardKeys.redeemedBy)));
      const view = this.batchView(row!, r?.n ?? 0);
      if (!before.voidedAt) await writeAudit(tx, { adminId, action: 'cardKey.void', targetType: 'cardBatch', targetId: batchId, before: { voided: false }, after: { voided: true, redeemed: view.redeemed }, ip });
      return view;
    });
  }

  private async batch(id: number) {
    const [row] = await this.ctx.db.select().from(cardKeyBatches).where(eq(cardKeyBatches.id, id));
    if (!row) throw notFound('卡密批次不存在');
    return row;
  }

  private batchView(b: BatchRow, redeemed: number) {
    return {
      id: b.id,
      name: b.name,
      grant: grantOf(b),
      packageId: b.packageId,
      quantity: b.quantity,
      redeemed,
      expiresAt: b.expiresAt?.toISOString() ?? null,
      voided: b.voidedAt !== null,
      createdAt: b.createdAt.toISOString(),
    };
  }
}
