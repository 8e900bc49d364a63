import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema/index.ts';

// The console's audit trail: who changed what, with the values before and after. Any module that
// makes a change on an administrator's behalf (the console, support's card keys and feedback
// replies) writes its row here; reading the trail is the console's (modules/admin/audit.ts).
export interface AuditEntry {
  adminId: number;
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
  reason?: string | null;
  ip?: string | null;
}

/** One audit row; call it with the transaction that makes the change. */
export async function writeAudit(tx: Db, e: AuditEntry) {
  await tx.insert(adminAudit).values({
    adminId: e.adminId,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: e.before ?? null,
    after: e.after ?? null,
    reason: e.reason ?? null,
    ip: e.ip ?? null,
  });
}
