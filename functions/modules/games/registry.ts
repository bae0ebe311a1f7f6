import type { GameKind, HouseGameKind } from '@shared/games';
import type { DrawRules, Game } from './game';
import { daily } from './kinds/daily';
import { jackpot } from './kinds/jackpot';
import { partner } from './kinds/partner';

/**
 * THE games (DESIGN section 3 "Games are a registry"): one line per game, its
 * behaviour in its own file. A new kind is added to shared/games.ts (its public
 * facts, if a house game) and here.
 */
const GAMES = { daily, jackpot, partner } as const satisfies { readonly [K in GameKind]: Game<K> };

export const gameOf = <K extends GameKind>(kind: K): (typeof GAMES)[K] => GAMES[kind];

/** Every game, in USSD menu order. */
export const allGames = (): readonly Game[] =>
  Object.values<Game>(GAMES).sort((a, b) => a.ussdItem.order - b.ussdItem.order);

/** A house game's draw schedule under these rules. */
export const scheduleOf = (kind: HouseGameKind, rules: DrawRules) => gameOf(kind).drawing.scheduleOf(rules);

/** A house game's prize for a window holding these stakes (a promotion's is its assignment's). */
export const housePrize = (kind: HouseGameKind, settings: DrawRules, windowStakesLrdCents: number) =>
  gameOf(kind).prize({ rules: settings, windowStakesLrdCents, assignment: { winnerAmountCents: 0 } });
