import { describe, expect, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { houseGameRoutes } from '@shared/api/endpoints/play';
import { HOUSE_GAMES, houseGame, houseTicketVerificationPath } from '@shared/games';
import { apiPaths } from '@web/lib/api-paths';
import { games } from '@web/features/play/games';
import { fairnessPaths } from '@web/features/fairness/api/fair-draws';

/** The public site's path constants are the routing table's paths (no drift, without shipping the table). */
describe('web api paths match the routing table', () => {
  it('entries and verification', () => {
    // the house games' paths come from their public facts (shared/games.ts), as the routing table's do
    expect(games['daily-draw'].entryPath).toBe(routes.dailyDrawEntry.path);
    expect(routes.dailyDrawEntryOptions.path).toBe(games['daily-draw'].entryPath);
    expect(games.jackpot.entryPath).toBe(routes.jackpotEntry.path);
    for (const kind of HOUSE_GAMES) {
      expect(games[houseGame[kind].slug].entryPath).toBe(routes[houseGameRoutes[kind].entry].path);
      expect(routes[houseGameRoutes[kind].entryOptions].path).toBe(games[houseGame[kind].slug].entryPath);
      expect(houseTicketVerificationPath(kind)).toBe(routes[houseGameRoutes[kind].ticketVerification].path);
    }
    expect(apiPaths.entry('abc')).toBe(pathOf(routes.entryStatus, { entry_id: 'abc' }));
    expect(routes.dailyTicketVerification.method).toBe('POST');
  });

  it('the house games schedule and past results', () => {
    expect(apiPaths.publicHouseGames).toBe(routes.publicHouseGames.path);
    expect(apiPaths.publicResults).toBe(routes.publicResults.path);
    expect(apiPaths.publicSite).toBe(routes.publicSite.path);
  });

  it('the fairness pages', () => {
    expect(fairnessPaths.fairDraws).toBe(routes.publicFairDraws.path);
    expect(fairnessPaths.draw('p1-w2')).toBe(pathOf(routes.publicDraw, { draw_id: 'p1-w2' }));
    expect(fairnessPaths.proof('p1-w2', 'ab')).toBe(
      pathOf(routes.publicDrawProof, { draw_id: 'p1-w2', ticket_hash: 'ab' }),
    );
    // the router asks for a record beside the page's chunk at the page's own path under /api/v1/public
    expect(`/api/v1/public/draws/p1-w2`).toBe(fairnessPaths.draw('p1-w2'));
  });
});
