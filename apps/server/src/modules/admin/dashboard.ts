import { sql } from 'drizzle-orm';
import { dashboardSeries, type DashboardReply, type DashboardSeries } from '@app/shared';
import type { AppContext } from '../../core/context.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Days are counted in the time zone the site shows (SPEC §9: +8 h). */
const TZ = 'Asia/Shanghai';
const day = (column: string) => sql.raw(`(${column} at time zone '${TZ}')::date`);

/**
 * Per-day counts over the last `days` days (today included) and what the ledger says was spent,
 * per model (the usage row's note: the model or task label) and per feature (the turn or job kind
 * its ref points at; drawings name their kind).
 */
export async function dashboard(ctx: AppContext, days: number): Promise<DashboardReply> {
  // The database's clock: the rows counted carry its now() as created_at.
  const since = sql`((now() at time zone ${TZ})::date - ${days - 1}::int)`;
  const counts = (table: string, column: string, extra = '') =>
    sql`select ${day(column)} as d, count(*)::int as n from ${sql.raw(table)} where ${day(column)} >= ${since} ${sql.raw(extra)} group by 1`;
  const result = await ctx.db.execute(sql`
    with days as (select generate_series(${since}, (now() at time zone ${TZ})::date, interval '1 day')::date as d),
    new_users as (${counts('users', 'created_at')}),
    turns_c as (${counts('turns', 'started_at', "and kind = 'chat'")}),
    drawings as (${counts('draw_images', 'created_at')}),
    docs as (${counts('documents', 'created_at')}),
    decks as (${counts('slide_decks', 'created_at')}),
    theses_c as (${counts('theses', 'created_at')}),
    orders_c as (${counts('orders', 'created_at')}),
    revenue as (select ${day('paid_at')} as d, sum(amount)::int as n from orders where status = 1 and paid_at is not null and ${day('paid_at')} >= ${since} group by 1),
    active as (
      select d, count(distinct user_id)::int as n from (
        select ${day('started_at')} as d, user_id from turns where ${day('started_at')} >= ${since}
        union all select day as d, user_id from sign_ins where day >= ${since}
        union all select ${day('created_at')} as d, user_id from auth_tokens where ${day('created_at')} >= ${since}
      ) a group by d
    ),
    base_users as (select count(*)::int as n from users where ${day('created_at')} < ${since})
    select to_char(days.d, 'YYYY-MM-DD') as day,
      (select n from base_users) + (select coalesce(sum(n), 0) from new_users where new_users.d <= days.d)::int as users,
      coalesce(new_users.n, 0) as "newUsers", coalesce(active.n, 0) as "activeUsers", coalesce(turns_c.n, 0) as turns,
      coalesce(drawings.n, 0) as drawings, coalesce(docs.n, 0) as documents, coalesce(decks.n, 0) as decks,
      coalesce(theses_c.n, 0) as theses, coalesce(orders_c.n, 0) as orders, coalesce(revenue.n, 0) as revenue
    from days
      left join new_users on new_users.d = days.d left join active on active.d = days.d left join turns_c on turns_c.d = days.d
      left join drawings on drawings.d = days.d left join docs on docs.d = days.d left join decks on decks.d = days.d
      left join theses_c on theses_c.d = days.d left join orders_c on orders_c.d = days.d left join revenue on revenue.d = days.d
    order by days.d`);
  const rows = rowsOf<Record<string, string | number>>(result);
  const series = Object.fromEntries(dashboardSeries.map((k) => [k, rows.map((r) => Number(r[k]))])) as Record<DashboardSeries, number[]>;

  const spent = (group: ReturnType<typeof sql>) => sql`
    select ${group} as g, -sum(l.model3)::int as model3, -sum(l.model4)::int as model4, -sum(l.draw)::int as draw, -sum(l.ppt)::int as ppt
    from balance_ledger l
      left join turns t on l.ref like 'turn:%' and t.id = nullif(substring(l.ref from '^turn:(\\d{1,9})$'), '')::int
      left join jobs j on l.ref like 'job:%' and j.id = nullif(substring(l.ref from '^job:(\\d{1,9})$'), '')::int
    where l.type = 'usage' and ${day('l.created_at')} >= ${since}
    group by 1 order by 2 desc, 3 desc, 4 desc, 5 desc limit 50`;
  const [byModel, byFeature] = await Promise.all([
    ctx.db.execute(spent(sql`coalesce(nullif(l.note, ''), '—')`)),
    ctx.db.execute(spent(sql`coalesce(t.kind, j.kind, nullif(split_part(l.ref, ':', 1), ''), '—')`)),
  ]);
  type Spent = { g: string; model3: number; model4: number; draw: number; ppt: number };
  const amounts = (r: Spent) => ({ model3: Number(r.model3), model4: Number(r.model4), draw: Number(r.draw), ppt: Number(r.ppt) });
  return {
    days: rows.map((r) => String(r.day)),
    series,
    spentByModel: rowsOf<Spent>(byModel).map((r) => ({ model: r.g, ...amounts(r) })),
    spentByFeature: rowsOf<Spent>(byFeature).map((r) => ({ feature: r.g, ...amounts(r) })),
  };
}
