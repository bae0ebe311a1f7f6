/** The platform settings: draw times, prizes, entry prices and rates (super admins only). */
import { queryOptions } from '@tanstack/react-query';
import { adminCatalogRoutes } from '@shared/api/routes/admin-catalog';
import type { SettingsRequest } from '@shared/api/schemas/catalog';
import { callRoute } from '@web/lib/api-routes';

const fetchSettings = (adminId: string, signal?: AbortSignal) =>
  callRoute(adminCatalogRoutes.getSettings, { id: adminId }, { signal }).then((answer) => answer.Settings);

/** The settings as the server holds them now, with the version a save must name. */
export const settingsQuery = (adminId: string) =>
  queryOptions({ queryKey: ['settings', adminId], queryFn: ({ signal }) => fetchSettings(adminId, signal) });

export const saveSettings = (adminId: string, body: SettingsRequest) =>
  callRoute(adminCatalogRoutes.updateSettings, { id: adminId }, { body });
