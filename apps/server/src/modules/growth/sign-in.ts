import { desc, gte, lte } from 'drizzle-orm';
import type { SignInLogReply, SignInReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { signIns } from '../../db/schema/index.ts';
import { creditBase } from '../billing/public.ts';
import type { ConfigService, SiteSettings } from '../config/public.ts';

/** The site's calendar is Beijing time (UTC+8 all year, no daylight saving). */
const SITE_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in the site's time zone. */
export const siteDay = (ms: number) => new Date(ms + SITE_OFFSET_MS).toISOString().slice(0, 10);
/** The instant the site's calendar day of `ms` began. */
export const siteDayStart = (ms: number) => new Date(Date.parse(`${siteDay(ms)}T00:00:00Z`) - SITE_OFFSET_MS);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Daily sign-in (SPEC §4.7): the site's rewards, once per calendar day, also under concurrent clicks. */
export class SignInService {
  constructor(
    private ctx: AppContext,
    private config: ConfigService,
  ) {}

  async sign(userId: number): Promise<SignInReply> {
    const s = await this.config.settings();
    if (s.signInStatus !== 1) throw new AppError(400, '签到功能暂未开放', 400);
    const today = siteDay(this.ctx.clock.now());
    const reward = { model3: s.signInModel3Count, model4: s.signInModel4Count, draw: s.signInMjDrawToken };
    const signed = await this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // The (user, day) key decides who signs today: a second click, here or on another device, inserts nothing.
      const [row] = await tx.insert(signIns).values({ userId, day: today }).onConflictDoNothing().returning({ day: signIns.day });
      if (!row) return null;
      await creditBase(tx, userId, reward, 'sign-in', `sign-in:${today}`, '每日签到奖励');
      const streak = await signInStreak(tx, userId, today);
      const bonus = streakBonusOf(s);
      if (!bonus || streak % bonus.every !== 0) return { streak, bonus: null };
      const amounts = { model3: bonus.model3, model4: bonus.model4, draw: bonus.draw };
      await creditBase(tx, userId, amounts, 'sign-in', `sign-in-streak:${today}`, `连续签到${streak}天奖励`);
      return { streak, bonus: amounts };
    });
    if (!signed) throw new AppError(400, '今日已签到，明天再来吧', 400);
    return { ...reward, ...signed };
  }

  async log(userId: number, month?: string): Promise<SignInLogReply> {
    const today = siteDay(this.ctx.clock.now());
    const first = `${month ?? today.slice(0, 7)}-01`;
    if (first > today) throw new AppError(400, '不能查看未来的月份', 400);
    const nextMonth = new Date(Date.parse(`${first}T00:00:00Z`));
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const last = [addDays(nextMonth.toISOString().slice(0, 10), -1), today].sort()[0]!;
    const rows = await this.ctx.db
      .select({ day: signIns.day })
      .from(signIns)
      .where(forUser(this.ctx.db, userId).signIns.scope(gte(signIns.day, first), lte(signIns.day, last)));
    const signed = new Set(rows.map((r) => r.day));
    const list: SignInLogReply['list'] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) list.push({ signInDate: d, isSigned: signed.has(d) });
    const signedToday = month === undefined || month === today.slice(0, 7) ? signed.has(today) : await this.signedOn(userId, today);
    const streakBonus = streakBonusOf(await this.config.settings());
    return { list, streak: await signInStreak(this.ctx.db, userId, today), signedToday, today, streakBonus };
  }

  private async signedOn(userId: number, day: string) {
    return (await forUser(this.ctx.db, userId).signIns.get(day)) !== undefined;
  }

}

/** The operator's streak bonus, or null when it is off or grants nothing. */
function streakBonusOf(s: SiteSettings) {
  const bonus = { every: s.signInStreakDays, model3: s.signInStreakModel3Count, model4: s.signInStreakModel4Count, draw: s.signInStreakDrawCount };
  return bonus.every > 0 && bonus.model3 + bonus.model4 + bonus.draw > 0 ? bonus : null;
}

/** Days signed in a row ending `today` (YYYY-MM-DD, site time), or yesterday while today is still unsigned. */
export async function signInStreak(db: Db, userId: number, today: string): Promise<number> {
  const rows = await db
    .select({ day: signIns.day })
    .from(signIns)
    .where(forUser(db, userId).signIns.scope(lte(signIns.day, today), gte(signIns.day, addDays(today, -400))))
    .orderBy(desc(signIns.day));
  let expect = rows[0]?.day === today ? today : addDays(today, -1);
  let n = 0;
  for (const r of rows) {
    if (r.day !== expect) break;
    n++;
    expect = addDays(expect, -1);
  }
  return n;
}
