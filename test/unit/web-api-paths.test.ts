import { describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { HOUSE_GAMES, houseGame, houseTicketVerificationPath } from '@shared/games';
import { apiPaths } from '@web/lib/api-paths';
import { games } from '@web/features/play/games';

/** The public site's path constants are the routing table's paths (no drift, without shipping the table). */
describe('web api paths match the routing table', () => {
  it('entries and verification', () => {
    // the house games' paths come from their public facts (shared/games.ts), as the routing table's do
    expect(games['daily-draw'].entryPath).toBe(routes.dailyDrawEntry.path);
    expect(routes.dailyDrawEntryOptions.path).toBe(games['daily-draw'].entryPath);
    expect(games.jackpot.entryPath).toBe(routes.jackpotEntry.path);
    for (const kind of HOUSE_GAMES) {
      expect(games[houseGame[kind].slug].entryPath).toBe(routes[houseGame[kind].routes.entry].path);
      expect(routes[houseGame[kind].routes.entryOptions].path).toBe(games[houseGame[kind].slug].entryPath);
      expect(houseTicketVerificationPath(kind)).toBe(routes[houseGame[kind].routes.ticketVerification].path);
    }
    expect(apiPaths.entry('abc')).toBe(pathOf(routes.entryStatus, { entry_id: 'abc' }));
    expect(routes.dailyTicketVerification.method).toBe('POST');
  });

  it('the house games schedule and past results', () => {
    expect(apiPaths.publicHouseGames).toBe(routes.publicHouseGames.path);
    expect(apiPaths.publicResults).toBe(routes.publicResults.path);
  });
});
