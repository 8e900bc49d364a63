import { asc, eq, sql } from 'drizzle-orm';
import { Code, type AdminDocumentAction } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { documentActions } from '../../db/schema/index.ts';
import { documentActionsOf } from '../document/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

/** The document chat's quick actions (总结全文, 问答, …): label, instruction, how it reads the document, order, on/off. Never deleted (old answers name them). */

type Row = typeof documentActions.$inferSelect;
type Editable = Omit<AdminDocumentAction, 'value'>;
const editable = (r: Row): Editable => ({
  label: r.label,
  reads: r.reads === 'search' ? 'search' : 'whole',
  needsQuestion: r.needsQuestion,
  instruction: r.instruction,
  sort: r.sort,
  enabled: r.enabled,
});
const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));
const fieldError = (field: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field, issues: [{ field, message }] });

export async function listDocumentActions(db: Db): Promise<AdminDocumentAction[]> {
  const rows = await db.select().from(documentActions).orderBy(asc(documentActions.sort), asc(documentActions.value));
  return rows.map((r) => ({ value: r.value, ...editable(r) }));
}

async function one(db: Db, value: string) {
  const [r] = await db.select().from(documentActions).where(eq(documentActions.value, value));
  if (!r) throw notFound('操作不存在');
  return { value: r.value, ...editable(r) };
}

/** Labels are what users pick and what a question may name: unique, case as typed. */
async function checkLabel(db: Db, label: string, except?: string) {
  const same = await db.select({ value: documentActions.value }).from(documentActions).where(eq(documentActions.label, label));
  if (same.some((s) => s.value !== except)) throw fieldError('label', '已有同名操作');
}

export async function createDocumentAction(ctx: AppContext, a: Actor, input: AdminDocumentAction) {
  await tx(ctx, async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:document_actions'))`);
    const [exists] = await db.select({ value: documentActions.value }).from(documentActions).where(eq(documentActions.value, input.value));
    if (exists) throw fieldError('value', '标识已存在');
    await checkLabel(db, input.label);
    await db.insert(documentActions).values(input);
    const { value, ...after } = input;
    await writeAudit(db, { ...a, action: 'document_action.create', targetType: 'document_action', targetId: value, before: null, after });
  });
  await documentActionsOf(ctx).invalidate();
  return one(ctx.db, input.value);
}

export async function updateDocumentAction(ctx: AppContext, a: Actor, value: string, patch: Partial<Editable>) {
  await tx(ctx, async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('admin:document_actions'))`);
    const [row] = await db.select().from(documentActions).where(eq(documentActions.value, value)).for('update');
    if (!row) throw notFound('操作不存在');
    if (patch.label !== undefined) await checkLabel(db, patch.label, value);
    const current = editable(row) as Record<string, unknown>;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || current[k] === v) continue;
      before[k] = current[k];
      after[k] = v;
    }
    if (!Object.keys(after).length) return;
    await db.update(documentActions).set(after).where(eq(documentActions.value, value));
    await writeAudit(db, { ...a, action: 'document_action.update', targetType: 'document_action', targetId: value, before, after });
  });
  await documentActionsOf(ctx).invalidate();
  return one(ctx.db, value);
}
