/** Settings, admin accounts and the audit log (super admins only). */
import { adminAccountRoutes } from '@shared/api/routes/admin-accounts';
import { adminCatalogRoutes } from '@shared/api/routes/admin-catalog';
import { adminStaffRoutes } from '@shared/api/routes/admin-staff';
import type { CreateAdminRequest, UpdateAdminRequest } from '@shared/api/schemas/admins';
import type { SettingsRequest } from '@shared/api/schemas/catalog';
import type { AuditLogQuery } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

export const fetchSettings = (adminId: string, signal?: AbortSignal) =>
  callRoute(adminCatalogRoutes.getSettings, { id: adminId }, { signal }).then((answer) => answer.Settings);

export const saveSettings = (adminId: string, body: SettingsRequest) =>
  callRoute(adminCatalogRoutes.updateSettings, { id: adminId }, { body });

export const fetchAdmins = (adminId: string, signal?: AbortSignal) =>
  callRoute(adminAccountRoutes.listAdmins, { id: adminId }, { signal }).then((answer) => answer.Admins);

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
