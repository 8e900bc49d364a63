import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { spendCtes } from '../billing/spend.ts';
import type { ChatModel } from './catalog.ts';
import type { PreparedTurn } from './turns.ts';

/** What a finished turn stores: the question (unless a retry) and the reply, with its charge. */
export interface TurnRecord {
  turn: PreparedTurn;
  model: ChatModel;
  startedAt: number;
  text: string;
  status: 'complete' | 'stopped' | 'error';
  errorText: string | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  /** Take the model's cost (a reply was produced). */
  charge: boolean;
}

/**
 * Stores a finished turn and, when a reply was produced, charges it — one SQL statement
 * (atomic on its own) after the stream, so no database work happens per chunk. A retry
 * stores no new question and replaces the replies that followed the one it re-sends.
 */
export async function recordTurn(ctx: AppContext, r: TurnRecord): Promise<{ userMessageId: number; messageId: number; charged: number }> {
  const { turn, model } = r;
  const now = new Date(ctx.clock.now()).toISOString();
  const charge = r.charge
    ? spendCtes(
        { userId: turn.userId, pool: model.pool, cost: model.cost, nowMs: ctx.clock.now(), note: model.label },
        sql`'chat:' || (select id from msgs where role = 'assistant')`,
      )
    : null;
  const cols = sql.raw('group_id, user_id, role, text, images, status, error_text, model, prompt_tokens, completion_tokens, charged, created_at');
  const question =
    turn.retryOf === null
      ? sql`(${turn.groupId}::int, ${turn.userId}::int, 'user', ${turn.input}, ${JSON.stringify(turn.images)}::jsonb, 'complete', null, ${model.code}, null::int, null::int, false, ${new Date(r.startedAt).toISOString()}::timestamptz),`
      : sql``;
  const reply = sql`(${turn.groupId}::int, ${turn.userId}::int, 'assistant', ${r.text}, '[]'::jsonb, ${r.status}, ${r.errorText},
    ${model.code}, ${r.usage?.promptTokens ?? null}::int, ${r.usage?.completionTokens ?? null}::int,
    ${charge ? sql`exists (select 1 from spend_paid)` : sql`false`}, ${now}::timestamptz)`;
  const result = await ctx.db.execute(sql`
    with ${charge ? sql`${charge.paid},` : sql``}
    msgs as (insert into chat_messages (${cols}) values ${question} ${reply} returning id, role),
    ${charge ? sql`${charge.ledger},` : sql``}
    replaced as (
      delete from chat_messages
      where ${turn.retryOf !== null} and group_id = ${turn.groupId} and role = 'assistant' and id > ${turn.retryOf ?? 0}::int
    ),
    touched as (update chat_groups set updated_at = ${now}::timestamptz where id = ${turn.groupId})
    select
      (select id from msgs where role = 'user') as user_message_id,
      (select id from msgs where role = 'assistant') as message_id,
      ${charge ? sql`(select count(*) from spend_ledger)::int` : sql`0`} as paid`);
  const row = (result as unknown as { rows: { user_message_id: number | null; message_id: number; paid: number }[] }).rows[0]!;
  if (r.charge && !row.paid) ctx.log.warn({ userId: turn.userId, messageId: row.message_id }, 'reply produced but the balance could no longer pay');
  return { userMessageId: row.user_message_id ?? turn.retryOf!, messageId: row.message_id, charged: row.paid ? model.cost : 0 };
}
