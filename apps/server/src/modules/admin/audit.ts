import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditItem } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema/index.ts';

export interface AuditFilter {
  page: number;
  size: number;
  action?: string;
  targetType?: string;
  targetId?: string;
}

export async function listAudit(db: Db, f: AuditFilter): Promise<{ rows: AuditItem[]; total: number }> {
  const conds: SQL[] = [];
  if (f.action) conds.push(eq(adminAudit.action, f.action));
  if (f.targetType) conds.push(eq(adminAudit.targetType, f.targetType));
  if (f.targetId) conds.push(eq(adminAudit.targetId, f.targetId));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: adminAudit, adminName: users.nickname })
      .from(adminAudit)
      .innerJoin(users, eq(users.id, adminAudit.adminId))
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ a, adminName }) => ({
      id: a.id,
      adminId: a.adminId,
      adminName,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      before: a.before,
      after: a.after,
      reason: a.reason,
      ip: a.ip,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
