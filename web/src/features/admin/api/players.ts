/** An admin's exclusion of a player's number (shared/api/routes/admin-players.ts). */
import { pathOf, routes } from '@shared/api/routes';
import type { ExclusionResponse } from '@shared/api/schemas/players';
import type { ExclusionPeriod } from '@shared/responsible-play';
import { apiGet } from '@web/lib/api-client';
import { callRouteAs } from '@web/lib/api-routes';

export const fetchExclusion = (adminId: string, mobileNumber: string) =>
  apiGet<ExclusionResponse>(
    `${pathOf(routes.playerExclusion, { id: adminId })}?mobile_number=${encodeURIComponent(mobileNumber)}`,
  );

export const excludePlayer = (adminId: string, mobileNumber: string, period: ExclusionPeriod) =>
  callRouteAs<ExclusionResponse>(
    routes.excludePlayer,
    { id: adminId },
    { body: { mobile_number: mobileNumber, period } },
  );

export const liftPlayerExclusion = (adminId: string, mobileNumber: string) =>
  callRouteAs<ExclusionResponse>(
    routes.liftPlayerExclusion,
    { id: adminId },
    { body: { mobile_number: mobileNumber } },
  );
