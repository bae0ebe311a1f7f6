/** Admin accounts (super admins only). */
import { queryOptions } from '@tanstack/react-query';
import { adminAccountRoutes } from '@shared/api/routes/admin-accounts';
import type { CreateAdminRequest, UpdateAdminRequest } from '@shared/api/schemas/admins';
import { callRoute } from '@web/lib/api-routes';

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

/** Regulator accounts (issue 36 part 3): read-only, their own sign-in; a super admin creates, disables and enables them. */
export const regulatorsQuery = (adminId: string) =>
  queryOptions({
    queryKey: ['regulators', adminId],
    queryFn: ({ signal }) =>
      callRoute(adminAccountRoutes.listRegulators, { id: adminId }, { signal }).then((answer) => answer.Regulators),
  });

export const createRegulator = (adminId: string, body: { username: string; email: string; password: string }) =>
  callRoute(adminAccountRoutes.createRegulator, { id: adminId }, { body });

export const setRegulatorActive = (adminId: string, regulatorId: string, active: boolean) =>
  callRoute(adminAccountRoutes.updateRegulator, { id: adminId }, { body: { regulator_id: regulatorId, active } });
