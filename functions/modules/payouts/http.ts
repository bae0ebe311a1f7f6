import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REQUIRED,
  PAYOUTS_PAGE_SIZE,
} from '@shared/api/schemas/payouts';
import { messages } from '@shared/messages';
import { oversightMessages } from '@shared/oversight-messages';
import { formatMoney } from '@shared/money';
import { badRequest, notFound } from '../../platform/errors';
import type { GuardedRequest, HttpApp } from '../../platform/http-app';
import { REFUSAL_STATUS, reply } from '../../platform/http-responses';
import { payFromBalance, payoutRefusals, refusalMessage, type BalancePaymentResult } from './pay-from-balance';
import { findAnnouncerBySearchString, findPartnerBySearchString, getPartner } from '../staff';
import { payoutRecords } from './payout-records';
import { retryPayout } from './retry-payout';
import type { Payout } from './store/payouts';
import { listPayoutsPage } from './store/payouts-page';
import { actorOf } from '../audit';
import { claimHeldPrize, heldPrizesView } from './held-prizes';

/** The dialog's number (when sent) must still be the payee's: an edit meanwhile is refused, never paid to the old one. */
function refuseChangedNumber(shown: string | undefined, payee: { mobileMoneyNumber?: string }): void {
  if (shown && shown !== payee.mobileMoneyNumber)
    throw badRequest(payoutRefusals.numberChanged, { mobile_money_number: payoutRefusals.numberChanged });
}

/** Pay partner and pay announcer (spec sections 5, 7, 8): super admins only (routes/payouts.ts). */
export function registerPayoutRoutes(app: HttpApp<'payouts'>): void {
  app.on('listHeldPrizes', () => heldPrizesView());

  app.on('claimHeldPrize', async (request) => {
    const { draw_id, check_at } = request.body;
    const payoutId = await claimHeldPrize({ drawId: draw_id, checkAt: check_at }, actorOf(request), request.now);
    return { message: oversightMessages.heldPrizes.claimed, payoutId };
  });

  app.on('payPartner', async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const input = request.body;
    const partner = await findPartnerBySearchString(input.search_string);
    if (!partner) throw notFound(messages.refusals.partnerNotFound);
    refuseChangedNumber(input.mobile_money_number, partner);
    const result = await payFromBalance({
      payee: partner,
      kind: 'partner',
      amounts: input.account_balance,
      idempotencyKey,
      actor: actorOf(request),
      now: request.now,
    });
    return answer(messages.partner.paid, result);
  });

  app.on('payAnnouncer', async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const input = request.body;
    const announcer = await findAnnouncerBySearchString(input.search_string);
    if (!announcer) throw notFound(messages.refusals.announcerNotFound);
    refuseChangedNumber(input.mobile_money_number, announcer);
    if (input.partner_search_string) {
      const partner = announcer.partnerId ? await getPartner(announcer.partnerId) : undefined;
      if (partner?.searchString?.toLowerCase() !== input.partner_search_string.toLowerCase()) {
        throw badRequest(messages.refusals.unknownPartnerChoose, {
          partner_search_string: 'Not this announcer’s partner',
        });
      }
    }
    const result = await payFromBalance({
      payee: announcer,
      kind: 'announcer',
      amounts: input.account_balance,
      idempotencyKey,
      actor: actorOf(request),
      now: request.now,
    });
    return answer(messages.announcer.paid, result);
  });

  // Every payout with its status, newest first
  app.on('listPayouts', async (request) => {
    const { status, kind, cursor } = request.query;
    const page = await listPayoutsPage({ status, kind }, PAYOUTS_PAGE_SIZE, cursor);
    return { Payouts: await payoutRecords(page.payouts), ...(page.cursor ? { Cursor: page.cursor } : {}) };
  });

  // a failed payout sent again as a new payout (functions/modules/payouts/retry-payout.ts); answered like a payment
  app.on('retryPayout', async (request) => {
    const payout = await retryPayout(request.params.payoutId!, actorOf(request), request.now);
    const refused = payout.status === 'failed';
    return answer(messages.payout.retried, {
      payouts: [payout],
      refusedByProvider: refused ? 1 : 0,
      // a prize has no balance to restore: it is still owed to the winner
      ...(refused
        ? {
            providerRefusal:
              payout.kind === 'prize' ? messages.payout.prizeRetryRefused : refusalMessage([payout.reason]),
          }
        : {}),
    });
  });
}

/** DESIGN section 5: money-moving calls take an Idempotency-Key header. */
function idempotencyKeyOf(request: GuardedRequest): string {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (!key) throw badRequest(IDEMPOTENCY_KEY_REQUIRED, { 'Idempotency-Key': 'Required' });
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw badRequest(IDEMPOTENCY_KEY_INVALID, { 'Idempotency-Key': IDEMPOTENCY_KEY_INVALID });
  return key;
}

/**
 * All held and sent: 200 with the spec's text (each payout pending until the
 * provider confirms it). A balance that changed meanwhile, or a retried key
 * whose payout failed: 409 naming it; a transfer the provider refused
 * outright: 502 — both with the payouts as they are.
 */
function answer(message: string, result: BalancePaymentResult) {
  const Payouts = result.payouts.map(payoutView);
  // the status its kind has everywhere (today a changed balance or a failed retried key: a conflict, 409)
  if (result.refusal) return reply(REFUSAL_STATUS[result.refusal.kind], { error: result.refusal.message, Payouts });
  if (result.refusedByProvider > 0)
    return reply(502, { error: result.providerRefusal ?? payoutRefusals.providerRefused, Payouts });
  return { message, Payouts };
}

function payoutView(payout: Payout) {
  return {
    ID: payout.id,
    PromotionID: payout.promotionId,
    Promotion: payout.promotionTitle,
    Amount: formatMoney(payout.amountCents),
    Status: payout.status,
    ...(payout.reason ? { Reason: payout.reason } : {}),
  };
}
