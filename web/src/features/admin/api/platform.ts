/** Settings, admin accounts and the audit log (super admins only). */
import { pathOf, routes } from '@shared/api/routes';
import type { AdminRecord, CreateAdminRequest, ResetPasswordResponse } from '@shared/api/schemas/admins';
import type { AuditLogQuery, AuditLogResponse } from '@shared/api/schemas/staff';
import { apiGet } from '@web/lib/api-client';
import { callRouteAs } from '@web/lib/api-routes';
import type { SettingsView } from '../components/platform/settings-form';

export const fetchSettings = (adminId: string, signal?: AbortSignal) =>
  callRouteAs<{ Settings: SettingsView }>(routes.getSettings, { id: adminId }, { signal }).then(
    (answer) => answer.Settings,
  );

export const saveSettings = (adminId: string, body: unknown) =>
  callRouteAs<{ message: string; Settings: SettingsView }>(routes.updateSettings, { id: adminId }, { body });

export const fetchAdmins = (adminId: string, signal?: AbortSignal) =>
  callRouteAs<{ Admins: AdminRecord[] }>(routes.listAdmins, { id: adminId }, { signal }).then(
    (answer) => answer.Admins,
  );

export const createAdmin = (adminId: string, body: CreateAdminRequest) =>
  callRouteAs<{ message: string; Admin: AdminRecord }>(routes.createAdmin, { id: adminId }, { body });

export const updateAdmin = (adminId: string, body: { admin_id: string; active?: boolean; super_admin?: boolean }) =>
  callRouteAs<{ message: string; Admin: AdminRecord }>(routes.updateAdmin, { id: adminId }, { body });

export const resetAdminPassword = (adminId: string, targetId: string) =>
  callRouteAs<ResetPasswordResponse>(routes.resetAdminPassword, { id: adminId }, { body: { admin_id: targetId } });

export type AuditFilters = Pick<AuditLogQuery, 'actor' | 'action' | 'target' | 'from' | 'to'>;

export function fetchAuditLog(adminId: string, filters: AuditFilters, cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams(
    Object.entries({ ...filters, cursor, limit: '25' }).flatMap(([key, value]) =>
      value ? [[key, String(value)]] : [],
    ),
  );
  return apiGet<AuditLogResponse>(`${pathOf(routes.auditLog, { id: adminId })}?${query.toString()}`, signal);
}
