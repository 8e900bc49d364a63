import { sql } from 'drizzle-orm';
import type { DocumentCitation } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { spendCtes } from '../billing/spend.ts';
import type { ChatModel } from '../chat/catalog.ts';

export interface AnswerRecord {
  userId: number;
  documentId: number;
  model: ChatModel;
  action: string;
  language: string;
  question: string;
  startedAt: number;
  text: string;
  status: 'complete' | 'stopped' | 'error';
  errorText: string | null;
  citations: DocumentCitation[];
  usage: { promptTokens: number; completionTokens: number } | null;
  charge: boolean;
}

/** Stores the question and the answer and, when an answer was produced, charges it — one statement. */
export async function recordAnswer(ctx: AppContext, r: AnswerRecord): Promise<{ userMessageId: number; messageId: number; charged: number }> {
  const now = new Date(ctx.clock.now()).toISOString();
  const charge = r.charge
    ? spendCtes(
        { userId: r.userId, pool: r.model.pool, cost: r.model.cost, nowMs: ctx.clock.now(), note: `文档：${r.model.label}` },
        sql`'document:' || (select id from msgs where role = 'assistant')`,
      )
    : null;
  const cols = sql.raw('document_id, user_id, role, text, action, language, status, error_text, citations, model, prompt_tokens, completion_tokens, charged, created_at');
  const result = await ctx.db.execute(sql`
    with ${charge ? sql`${charge.paid},` : sql``}
    msgs as (
      insert into document_messages (${cols}) values
      (${r.documentId}::int, ${r.userId}::int, 'user', ${r.question}, ${r.action}, ${r.language}, 'complete', null, '[]'::jsonb,
        ${r.model.code}, null::int, null::int, false, ${new Date(r.startedAt).toISOString()}::timestamptz),
      (${r.documentId}::int, ${r.userId}::int, 'assistant', ${r.text}, ${r.action}, ${r.language}, ${r.status}, ${r.errorText},
        ${JSON.stringify(r.citations)}::jsonb, ${r.model.code}, ${r.usage?.promptTokens ?? null}::int, ${r.usage?.completionTokens ?? null}::int,
        ${charge ? sql`exists (select 1 from spend_paid)` : sql`false`}, ${now}::timestamptz)
      returning id, role
    )
    ${charge ? sql`, ${charge.ledger}` : sql``}
    select
      (select id from msgs where role = 'user') as user_message_id,
      (select id from msgs where role = 'assistant') as message_id,
      ${charge ? sql`(select count(*) from spend_ledger)::int` : sql`0`} as paid`);
  const row = (result as unknown as { rows: { user_message_id: number; message_id: number; paid: number }[] }).rows[0]!;
  if (r.charge && !row.paid) ctx.log.warn({ userId: r.userId, messageId: row.message_id }, 'document answer produced but the balance could no longer pay');
  return { userMessageId: row.user_message_id, messageId: row.message_id, charged: row.paid ? r.model.cost : 0 };
}
