/** Settings, admin accounts and the audit log (super admins only). */
import { queryOptions } from '@tanstack/react-query';
import { adminAccountRoutes } from '@shared/api/routes/admin-accounts';
import { adminCatalogRoutes } from '@shared/api/routes/admin-catalog';
import { adminStaffRoutes } from '@shared/api/routes/admin-staff';
import type { CreateAdminRequest, UpdateAdminRequest } from '@shared/api/schemas/admins';
import type { SettingsRequest } from '@shared/api/schemas/catalog';
import type { AuditLogQuery } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

const fetchSettings = (adminId: string, signal?: AbortSignal) =>
  callRoute(adminCatalogRoutes.getSettings, { id: adminId }, { signal }).then((answer) => answer.Settings);

/** The settings as the server holds them now, with the version a save must name. */
export const settingsQuery = (adminId: string) =>
  queryOptions({ queryKey: ['settings', adminId], queryFn: ({ signal }) => fetchSettings(adminId, signal) });

export const saveSettings = (adminId: string, body: SettingsRequest) =>
  callRoute(adminCatalogRoutes.updateSettings, { id: adminId }, { body });

const fetchAdmins = (adminId: string, signal?: AbortSignal) =>
  callRoute(adminAccountRoutes.listAdmins, { id: adminId }, { signal }).then((answer) => answer.Admins);

/** Every admin account (the Admins screen, and the Audit log's names for its actors). */
export const adminsQuery = (adminId: string) =>
  queryOptions({ queryKey: ['admins', adminId], queryFn: ({ signal }) => fetchAdmins(adminId, signal) });

export const createAdmin = (adminId: string, body: CreateAdminRequest) =>
  callRoute(adminAccountRoutes.createAdmin, { id: adminId }, { body });

export const updateAdmin = (adminId: string, body: UpdateAdminRequest) =>
  callRoute(adminAccountRoutes.updateAdmin, { id: adminId }, { body });

export const resetAdminPassword = (adminId: string, targetId: string) =>
  callRoute(adminAccountRoutes.resetAdminPassword, { id: adminId }, { body: { admin_id: targetId } });

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
