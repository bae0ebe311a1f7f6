import { auditLogQuery, type AuditLogResponse } from '@shared/api/schemas/staff';
import type { HttpApp } from '../lib/http-app';
import { validate } from '../lib/validate';
import { listAudit } from '../store/audit';

/** The audit log: filtered by actor, action, target and GMT days, newest first, `limit` per page, `cursor` for the next. Read-only: no write path exists. */
export function register(app: HttpApp): void {
  app.on('auditLog', async (request): Promise<AuditLogResponse> => {
    const { limit, cursor, ...filter } = validate(auditLogQuery, request.query);
    const page = await listAudit(limit, cursor, filter);
    return { items: page.items, cursor: page.cursor ?? null };
  });
}
