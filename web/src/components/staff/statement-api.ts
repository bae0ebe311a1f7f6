import { queryOptions } from '@tanstack/react-query';
import { statementRoutes } from '@shared/api/routes/statements';
import { callRoute } from '@web/lib/api-routes';

/**
 * While a payout line is pending the statement is asked again this often: a payout that is paid moves no
 * balance, so the dashboard's live balances (the card's refresh key) never tell it the outcome came.
 */
export const PENDING_PAYOUT_RECHECK_MS = 5_000;

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
    refetchInterval: (query) =>
      query.state.data?.Lines.some((line) => line.Status === 'pending') ? PENDING_PAYOUT_RECHECK_MS : false,
  });
