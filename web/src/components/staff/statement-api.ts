import { queryOptions } from '@tanstack/react-query';
import { statementRoutes } from '@shared/api/routes/statements';
import { callRoute } from '@web/lib/api-routes';

/** A partner's or announcer's own statement (GET …/statement): the dashboards' Statement card. */
export const statementQuery = (owner: 'partner' | 'announcer', userId: string) =>
  queryOptions({
    queryKey: ['statement', owner, userId],
    queryFn: ({ signal }) =>
      callRoute(
        owner === 'partner' ? statementRoutes.partnerStatement : statementRoutes.announcerStatement,
        { id: userId },
        { signal },
      ),
  });
