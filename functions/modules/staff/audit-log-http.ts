import type { HttpApp } from '../../platform/http-app';
import { listAudit } from '../audit';

/** The audit log: filtered by actor, action, target and GMT days, newest first, `limit` per page, `cursor` for the next. Read-only: no write path exists. */
export function registerAuditLogRoutes(app: HttpApp<'admin'>): void {
  app.on('auditLog', async (request) => {
    const { limit, cursor, ...filter } = request.query;
    const page = await listAudit(limit, cursor, filter);
    return { items: page.items, cursor: page.cursor ?? null };
  });
}
