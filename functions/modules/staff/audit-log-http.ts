import type { HttpApp } from '../../platform/http-app';
import { listAudit } from '../audit';
import { getUser } from './store/users';

/**
 * The audit log: filtered by actor, action, target and GMT days, newest
 * first, `limit` per page, `cursor` for the next. Each line names its actor
 * (admin, partner or announcer) as it is called now, so no screen shows a raw
 * id. Read-only: no write path exists.
 */
export function registerAuditLogRoutes(app: HttpApp<'admin'>): void {
  app.on('auditLog', async (request) => {
    const { limit, cursor, ...filter } = request.query;
    const page = await listAudit(limit, cursor, filter);
    const actorIds = [...new Set(page.items.map((line) => line.actorId))];
    const users = await Promise.all(actorIds.map(getUser));
    const names = new Map(users.flatMap((user) => (user ? [[user.id, user.username] as const] : [])));
    const items = page.items.map((line) => {
      const actorName = names.get(line.actorId);
      return actorName ? { ...line, actorName } : line;
    });
    return { items, cursor: page.cursor ?? null };
  });
}
