import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { bearerToken, optionalUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound, unauthorized } from '../../core/errors.ts';
import { CollectedGauge, metrics, type Metric } from '../../core/metrics.ts';
import type { TurnEngine } from '../turns/public.ts';

const ORDER_STATES: Record<string, string> = { '0': 'pending', '1': 'paid', '2': 'expired' };

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/**
 * Who may read /metrics: the METRICS_TOKEN bearer, or an administrator's session. No credentials
 * is a 401; a token that is neither (a plain user's session, a wrong token) is told nothing exists.
 */
export async function checkOperator(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const expected = ctx.config.env.METRICS_TOKEN;
  if (expected && token.length === expected.length && timingSafeEqual(Buffer.from(token), Buffer.from(expected))) return;
  const user = await optionalUser(ctx, req).catch(() => null);
  if (user?.isAdmin) return;
  if (!user) throw new AppError(unauthorized().code, '凭证无效', 401);
  throw notFound('接口不存在');
}

/**
 * This app's gauges, read when scraped: streams in flight here, process memory, and the site's
 * state from the database (orders by state, credits spent per pool, durable job queues, documents
 * waiting to be parsed). The database figures are site-wide: every instance reports the same
 * values, so aggregate them with max(), not sum().
 */
export function appMetrics(ctx: AppContext, turns: TurnEngine): Metric[] {
  const query = async (q: ReturnType<typeof sql>) => rowsOf(await ctx.db.execute(q));
  return [
    new CollectedGauge('streams_in_flight', 'Paid turns streaming on this instance', () => turns.live.size),
    new CollectedGauge('process_resident_memory_bytes', 'Resident memory of this process', () => process.memoryUsage.rss()),
    new CollectedGauge('nodejs_heap_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed),
    new CollectedGauge('orders', 'Orders by state (site-wide)', async () =>
      (await query(sql`select status, count(*)::int as n from orders group by status`)).map((r) => ({
        labels: { state: ORDER_STATES[String(r.status)] ?? String(r.status) },
        value: Number(r.n),
      })),
    ),
    new CollectedGauge(
      'credits_spent_total',
      'Credits charged for settled turns and jobs, per pool (site-wide)',
      async () =>
        (await query(sql`select pool, coalesce(sum(charged), 0)::bigint as n from turns where status <> 'running' group by pool`)).map((r) => ({
          labels: { pool: String(r.pool) },
          value: Number(r.n),
        })),
      'counter',
    ),
    new CollectedGauge('jobs_queued', 'Durable jobs not ended, by kind; due: their next step is due now (site-wide)', async () =>
      (
        await query(sql`select kind, count(*)::int as n, count(*) filter (where run_at <= now())::int as due from jobs where status = 'running' group by kind`)
      ).flatMap((r) => [
        { labels: { kind: String(r.kind), state: 'running' }, value: Number(r.n) },
        { labels: { kind: String(r.kind), state: 'due' }, value: Number(r.due) },
      ]),
    ),
    new CollectedGauge('documents_parse_queue', 'Uploaded documents waiting (0) or being parsed (1) (site-wide)', async () =>
      (await query(sql`select status, count(*)::int as n from documents where status in (0, 1) group by status`)).map((r) => ({
        labels: { state: Number(r.status) === 0 ? 'waiting' : 'parsing' },
        value: Number(r.n),
      })),
    ),
  ];
}

export async function exposition(ctx: AppContext, extra: Metric[]) {
  const { text, failed } = await metrics.registry.expose(extra);
  if (failed.length) ctx.log.warn({ failed }, 'metrics: collectors failed');
  return text;
}
