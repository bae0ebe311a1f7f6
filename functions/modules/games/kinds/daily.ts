import { messages } from '@shared/messages';
import { houseGameOf } from './house-game';

/**
 * The Daily Cash Giveaway (DESIGN section 4 "House games"): drawn every day at
 * its draw time (GMT), for the prize the settings name; a ticket is in the
 * first daily draw after it is bought.
 */
export const daily = houseGameOf('daily', {
  drawing: {
    by: 'schedule',
    scheduleOf: ({ daily: { drawTime, scheduleChange } }) => ({
      drawTime,
      ...(scheduleChange ? { change: scheduleChange } : {}),
    }),
  },
  prize: ({ rules }) => rules.daily.prizeLrdCents,
  ticketCheck: { waiting: messages.ticketCheck.waitingDaily, expired: messages.ticketCheck.expiredDaily },
  ussd: { order: 1, ticketName: 'Daily' },
});
