import { REGULATOR_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { sealsQuery } from '../schemas/reports';
import {
  exportQuery,
  feedQuery,
  regulatorDrawsQuery,
  regulatorPayoutsQuery,
  sealedDownloadQuery,
} from '../schemas/regulator';

/**
 * The regulator's window (DESIGN section 7; issue 36 part 3): reads only, on
 * the regulator's own `{id}`; no other role reaches them and the regulator
 * reaches no write route (the guard matrix proves both). In the reports
 * Lambda: they read the ledger as Reports do, with Reports' own definitions.
 * Every download (sealed days, the export, the feed) is audit-logged.
 * The support desk's complaint log is read here too, its numbers masked.
 */
export const regulatorEndpoints = {
  /** Today's entries, stakes, prizes, refunds and tax due per game and partner: Reports' figures for today. */
  regulatorLive: route('GET', '/api/v1/regulator/:id/live', 'reports', REGULATOR_SELF),
  /** A day's draws (default today), each its public record. */
  regulatorDraws: route('GET', '/api/v1/regulator/:id/draws', 'reports', REGULATOR_SELF, {
    query: regulatorDrawsQuery,
  }),
  /** Every payout and refund, newest first, payees masked. */
  regulatorPayouts: route('GET', '/api/v1/regulator/:id/payouts', 'reports', REGULATOR_SELF, {
    query: regulatorPayoutsQuery,
  }),
  /** Prizes held for a claim and the unclaimed-prizes balance with its lines (issue 36 part 4). */
  regulatorUnclaimed: route('GET', '/api/v1/regulator/:id/unclaimed', 'reports', REGULATOR_SELF),
  /** The support desk's complaints of the last 90 days, newest first, numbers masked (a dispute log the regulator reads). */
  regulatorComplaints: route('GET', '/api/v1/regulator/:id/complaints', 'reports', REGULATOR_SELF),
  /** A month's sealed days checked against their seals, the chain and the data (as Reports checks them). */
  regulatorSeals: route('GET', '/api/v1/regulator/:id/seals', 'reports', REGULATOR_SELF, { query: sealsQuery }),
  /** A month's sealed days as stored, with their chain: a download. */
  regulatorSealed: route('GET', '/api/v1/regulator/:id/sealed', 'reports', REGULATOR_SELF, {
    query: sealedDownloadQuery,
  }),
  /** Every ledger line and draw record since a day, hash-chained, as JSON Lines: a download. */
  regulatorExport: route('GET', '/api/v1/regulator/:id/export', 'reports', REGULATOR_SELF, { query: exportQuery }),
  /** The same chain a page at a time (machine-readable, for a central monitoring system). */
  regulatorFeed: route('GET', '/api/v1/regulator/:id/feed', 'reports', REGULATOR_SELF, { query: feedQuery }),
} as const satisfies Record<string, RouteSpec>;
