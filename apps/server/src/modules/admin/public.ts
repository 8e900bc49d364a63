// What other modules may use of the console: the audit row, written in the change's own transaction.
export { writeAudit, type AuditEntry } from './audit.ts';
