/** The audit log: who changed what and when (super admins only). */
import { queryOptions } from '@tanstack/react-query';
import { adminStaffRoutes } from '@shared/api/routes/admin-staff';
import type { AuditLogQuery } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

export type AuditFilters = Pick<AuditLogQuery, 'actor' | 'action' | 'target' | 'from' | 'to'>;

/** A page of 25 lines, newest first; `cursor` from the previous page for the next. */
export const fetchAuditLog = (adminId: string, filters: AuditFilters, cursor?: string, signal?: AbortSignal) =>
  callRoute(adminStaffRoutes.auditLog, { id: adminId }, { query: { ...filters, cursor, limit: 25 }, signal });

/** The first page of the audit log under these filters (Load more appends to it in the cache). */
export const auditLogQuery = (adminId: string, filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit-log', adminId, filters],
    queryFn: ({ signal }) => fetchAuditLog(adminId, filters, undefined, signal),
  });
