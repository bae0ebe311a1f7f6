import { formatMoneyShown } from '@shared/money';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms } from '../../integrations/sms/gsm7';
import { logger } from '../../platform/logger';
import { deliverSms, smsIdOf } from '../messages';
import { markSmsQueued, type Entry } from './store/entries';
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

/**
 * Owe the ticket SMS and try it now (functions/modules/messages/deliver-sms.ts: a gateway
 * failure is retried by the SMS job, a refusal never). Once its SMS record
 * exists the entry leaves the unsent index; until then (a crash before) the
 * reconciliation job calls this again, and the record's id keeps it to one
 * SMS. Never blocks or undoes the settlement: true when the SMS is owed.
 */
export async function sendTicketSms(entry: Entry, now: Date, context?: TicketSmsContext): Promise<boolean> {
  try {
    const id = smsIdOf('ticket', entry.id);
    const sms = {
      id,
      purpose: 'ticket' as const,
      ref: entry.id,
      to: entry.msisdn,
      text: await ticketSmsText(entry, context),
    };
    await deliverSms(sms, now, () => markSmsQueued(entry.id, id));
    return true;
  } catch (error) {
    logger.warn('ticket SMS not stored; reconciliation tries again', {
      entryId: entry.id,
      correlationId: entry.id,
      error,
    });
    return false;
  }
}

/**
 * The ticket SMS of each entry settled together (by whoever settled them:
 * once), side by side; `context` when the caller has read it already (one
 * settler's batches of one window share it).
 */
export async function sendTicketSmses(
  entries: readonly Entry[],
  now: Date,
  context?: Promise<TicketSmsContext>,
): Promise<void> {
  if (entries.length === 0) return;
  let read: TicketSmsContext | undefined;
  try {
    read = await (context ?? ticketSmsContext(entries));
  } catch (error) {
    // each send reads what it needs; the unsent index keeps whatever still fails
    logger.warn('ticket SMS context not read', { error });
  }
  await Promise.all(entries.map((entry) => sendTicketSms(entry, now, read)));
}
