import { describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { apiPaths } from '@web/lib/api-paths';

/** The public site's path constants are the routing table's paths (no drift, without shipping the table). */
describe('web api paths match the routing table', () => {
  it('entries and verification', () => {
    expect(apiPaths.dailyDrawEntry).toBe(routes.dailyDrawEntry.path);
    expect(routes.dailyDrawEntryOptions.path).toBe(apiPaths.dailyDrawEntry);
    expect(apiPaths.jackpotEntry).toBe(routes.jackpotEntry.path);
    expect(apiPaths.entry('abc')).toBe(pathOf(routes.entryStatus, { entry_id: 'abc' }));
    expect(apiPaths.dailyDrawTicketVerification).toBe(routes.dailyTicketVerification.path);
    expect(apiPaths.jackpotTicketVerification).toBe(routes.jackpotTicketVerification.path);
    expect(routes.dailyTicketVerification.method).toBe('POST');
  });

  it('the house games schedule and past results', () => {
    expect(apiPaths.publicHouseGames).toBe(routes.publicHouseGames.path);
    expect(apiPaths.publicResults).toBe(routes.publicResults.path);
  });
});
