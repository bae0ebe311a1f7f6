import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { houseGameRoutes } from '@shared/api/endpoints/play';
import { GAME_KINDS, HOUSE_GAMES, PARTNER_GAME, gameOfAssignment, houseGame, houseGameOfSlug } from '@shared/games';
import { allGames, gameOf } from '../../../functions/modules/games/registry';
import { mainMenuText } from '../../../functions/modules/ussd/menu';

describe('the games registry (DESIGN section 3 "Games are a registry")', () => {
  it('has one game per kind, the house games those with public facts', () => {
    for (const kind of GAME_KINDS) expect(gameOf(kind).kind).toBe(kind);
    expect(allGames().map((game) => game.kind)).toEqual(['daily', 'jackpot', 'partner']);
    expect(HOUSE_GAMES).toEqual(['daily', 'jackpot']);
    expect(PARTNER_GAME).toBe('partner');
    for (const kind of HOUSE_GAMES) expect(gameOf(kind).webRoute?.slug).toBe(houseGame[kind].slug);
    expect(houseGameOfSlug('daily-draw')).toBe('daily');
    expect(gameOfAssignment('house-jackpot')).toBe('jackpot');
    expect(gameOfAssignment('some-partner-assignment')).toBe('partner');
  });

  it('the USSD main menu: each game, then the caller’s own items, then results, the SMS check and the draw check', () => {
    expect(mainMenuText).toBe(
      'Welcome to Raffle Liberia\n1. Daily Cash Giveaway\n2. Jackpot\n3. Enter a promo code\n4. Check a ticket\n5. My tickets\n6. Play responsibly\n7. Results\n8. Check an SMS\n9. Check a draw',
    );
  });

  it('one route per house game, generated: the same names, methods and paths as ever', () => {
    expect(routes.dailyDrawEntryOptions).toMatchObject({ method: 'GET', path: '/api/v1/daily-draw/entry' });
    expect(routes.jackpotEntryOptions).toMatchObject({ method: 'GET', path: '/api/v1/jackpot/entry' });
    expect(routes.dailyDrawEntry).toMatchObject({ method: 'POST', path: '/api/v1/daily-draw/entry' });
    expect(routes.jackpotEntry).toMatchObject({ method: 'POST', path: '/api/v1/jackpot/entry' });
    expect(routes.dailyTicketVerification).toMatchObject({
      method: 'POST',
      path: '/api/v1/daily-draw/ticket/verification',
    });
    expect(routes.jackpotTicketVerification).toMatchObject({
      method: 'POST',
      path: '/api/v1/jackpot/ticket/verification',
    });
    for (const kind of HOUSE_GAMES) {
      expect(routes[houseGameRoutes[kind].entry].path).toBe(gameOf(kind).webRoute.entryPath);
      expect(routes[houseGameRoutes[kind].ticketVerification].path).toBe(gameOf(kind).webRoute.ticketVerificationPath);
    }
  });
});
