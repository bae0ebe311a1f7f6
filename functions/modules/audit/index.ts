/**
 * The audit log (DESIGN section 4 "Audit log"): who did what, from where, written in the
 * same transaction as every staff write. The bottom module: every other
 * module may use it, it uses none. The module's entry.
 */

export { actorOf } from './actor';
export { appendAudit, auditWrite, listAudit, type Actor, type AuditEntry } from './store/audit';
