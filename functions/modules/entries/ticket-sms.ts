import { formatMoneyShown } from '@shared/money';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms } from '../../integrations/sms/gsm7';
import type { Entry } from './store/entries';
import { gameOf, getHouseRules, type HouseRules } from '../games';
import { getPromotion, getPromotions, type Promotion } from '../catalog';

/** What ticket texts need besides the entry, read once for a batch: the house rules and promotion titles. */
export interface TicketSmsContext {
  rules?: HouseRules;
  titles: ReadonlyMap<string, string>;
}

/** The context for these entries' texts: one settings read and one batch read of titles at most. */
export async function ticketSmsContext(entries: readonly Entry[]): Promise<TicketSmsContext> {
  const scheduled = entries.some((e) => gameOf(e.game).drawing.by === 'schedule');
  const promotionIds = [
    ...new Set(
      entries
        .filter((e) => gameOf(e.game).titledByPromotion && e.promotionTitle === undefined)
        .map((e) => e.promotionId),
    ),
  ];
  const [rules, promotions] = await Promise.all([
    scheduled ? getHouseRules().then((r) => r.rules) : undefined,
    promotionIds.length > 0 ? getPromotions(promotionIds) : new Map<string, Promotion>(),
  ]);
  return { rules, titles: new Map([...promotions].map(([id, promotion]) => [id, promotion.title])) };
}

/** The ticket SMS: one GSM-7 SMS of at most 160 characters (DESIGN section 8), a long title cut to fit. */
export async function ticketSmsText(entry: Entry, context?: TicketSmsContext): Promise<string> {
  const ticket = formatTicketNumber(entry.ticketNumber!);
  const paid = `${formatMoneyShown(entry.amountCents)} ${entry.currency}`;
  // the entry's number in its window: the record page's "entry #N of M" (DESIGN section 4, "Fair draws")
  const number = entry.seq !== undefined ? `, entry #${entry.seq}` : '';
  const game = gameOf(entry.game);
  // a scheduled game's ticket names its draw: a daily ticket bought after tonight's draw is in tomorrow's (the checker names the same)
  const draw =
    game.drawing.by === 'schedule'
      ? game.ticketDraw(new Date(entry.paidAt!), context?.rules ?? (await getHouseRules()).rules)
      : undefined;
  const drawLine = draw ? `You are in the draw on ${draw.when}.` : 'Listen live for the draw.';
  return oneSms(
    (title) => `${title} ticket ${ticket} (${paid} paid${number}). ${drawLine} Good luck!`,
    await smsTitleOf(entry, context),
  );
}

/**
 * The entry's game as its SMS names it (the game's `smsTitle`): a promotion's
 * title as the entry was made, else as read now.
 */
export async function smsTitleOf(entry: Entry, context?: TicketSmsContext): Promise<string> {
  const game = gameOf(entry.game);
  if (!game.titledByPromotion) return game.smsTitle(undefined);
  const title =
    entry.promotionTitle ??
    (context ? context.titles.get(entry.promotionId) : (await getPromotion(entry.promotionId))?.title);
  return game.smsTitle(title);
}
