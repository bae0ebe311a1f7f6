import { PARTNER_GAME } from '@shared/games';
import { messages } from '@shared/messages';
import { toGsm7 } from '../../../integrations/sms/gsm7';
import { priceIn, type Game } from '../game';

/** A promotion's name in an SMS, at most this many characters (fewer when the SMS needs the room). */
const SMS_TITLE_CHARS = 40;

/**
 * A partner's promotion (DESIGN section 4): entered by its assignment's shared
 * code (heard on air), at the promotion's prices; drawn live by its announcer
 * or an admin once the window holds the entries its terms require, for the
 * assignment's prize. Named by its promotion's title.
 */
export const partner: Game<typeof PARTNER_GAME> = {
  kind: PARTNER_GAME,
  price: priceIn,
  drawing: { by: 'threshold' },
  prize: ({ assignment }) => assignment.winnerAmountCents,
  ticketDraw: () => undefined,
  ticketCheck: { waiting: () => messages.ticketCheck.waitingLive },
  title: (promotionTitle) => promotionTitle ?? messages.ticketCheck.promotion,
  titledByPromotion: true,
  smsTitle: (promotionTitle) =>
    [...(toGsm7(promotionTitle ?? '').trim() || 'Promotion')].slice(0, SMS_TITLE_CHARS).join(''),
  ussdItem: {
    order: 3,
    label: 'Enter a promo code',
    ticketName: (promotionTitle) => toGsm7(promotionTitle ?? 'Promotion'),
  },
  webRoute: undefined,
};
