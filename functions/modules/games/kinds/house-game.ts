import { houseEntryPath, houseGame, houseTicketVerificationPath, type HouseGameKind } from '@shared/games';
import type { HouseGame } from '../game';
import { priceIn } from '../game';
import { isTicketExpired, ticketDrawWhen } from '../house-schedule';

/**
 * What every house game shares, from its public facts (shared/games.ts) and
 * its schedule: its own title (also in SMS), its page and API, the draw a
 * ticket is in by the late-ticket rule (functions/modules/games/house-schedule.ts).
 */
export function houseGameOf<K extends HouseGameKind>(
  kind: K,
  own: Pick<HouseGame<K>, 'drawing' | 'prize'> & {
    ticketCheck: { waiting(when: string): string; expired: string };
    ussd: { order: number; ticketName: string };
  },
): HouseGame<K> {
  const facts = houseGame[kind];
  return {
    kind,
    price: priceIn,
    drawing: own.drawing,
    prize: own.prize,
    ticketDraw(paidAt, rules) {
      const schedule = own.drawing.scheduleOf(rules);
      return { when: ticketDrawWhen(schedule, paidAt), expiredBy: (now) => isTicketExpired(schedule, paidAt, now) };
    },
    ticketCheck: { waiting: (draw) => own.ticketCheck.waiting(draw?.when ?? ''), expired: own.ticketCheck.expired },
    title: () => facts.title,
    titledByPromotion: false,
    smsTitle: () => facts.title,
    ussdItem: { order: own.ussd.order, label: facts.title, ticketName: () => own.ussd.ticketName },
    webRoute: {
      slug: facts.slug,
      entryPath: houseEntryPath(kind),
      ticketVerificationPath: houseTicketVerificationPath(kind),
    },
  };
}
