/** An admin's exclusion of a player's number (shared/api/routes/admin-players.ts). */
import { adminPlayerRoutes as routes } from '@shared/api/routes/admin-players';
import type { ExclusionPeriod } from '@shared/responsible-play';
import { callRoute } from '@web/lib/api-routes';

export const fetchExclusion = (adminId: string, mobileNumber: string) =>
  callRoute(routes.playerExclusion, { id: adminId }, { query: { mobile_number: mobileNumber } });

export const excludePlayer = (adminId: string, mobileNumber: string, period: ExclusionPeriod) =>
  callRoute(routes.excludePlayer, { id: adminId }, { body: { mobile_number: mobileNumber, period } });

export const liftPlayerExclusion = (adminId: string, mobileNumber: string) =>
  callRoute(routes.liftPlayerExclusion, { id: adminId }, { body: { mobile_number: mobileNumber } });

export const fetchExclusions = (adminId: string) => callRoute(routes.playerExclusions, { id: adminId });
