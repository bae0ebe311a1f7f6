import { messages } from '@shared/messages';
import { shareOf } from '@shared/money';
import { houseGameOf } from './house-game';

/**
 * The Jackpot (DESIGN section 4 "House games"): drawn weekly on its weekday at
 * its draw time (GMT); the prize is its base plus a share of the stakes of the
 * window drawn (the week's jackpot tickets), capped, LRD cents rounded down.
 */
export const jackpot = houseGameOf('jackpot', {
  drawing: {
    by: 'schedule',
    scheduleOf: ({ jackpot: { drawTime, drawWeekday, scheduleChange } }) => ({
      drawTime,
      weekday: drawWeekday,
      ...(scheduleChange ? { change: scheduleChange } : {}),
    }),
  },
  prize: ({ rules, windowStakesLrdCents }) => {
    const { basePrizeLrdCents, stakeShareBp, prizeCapLrdCents } = rules.jackpot;
    return Math.min(prizeCapLrdCents, basePrizeLrdCents + shareOf(windowStakesLrdCents, stakeShareBp));
  },
  ticketCheck: { waiting: messages.ticketCheck.waitingJackpot, expired: messages.ticketCheck.expiredJackpot },
  ussd: { order: 2, ticketName: 'Jackpot' },
});
