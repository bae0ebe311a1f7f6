import { messages } from '@shared/messages';
import { formatStaffMoney } from '@shared/staff-money';
import { maskMobileNumber } from '@shared/phone';
import { entityOf, type ItemChange } from '../../platform/item-change';
import type { DrawRecord } from '../draw-records';
import type { Entry } from '../entries';
import type { NewNotification } from './store/notifications';
import type { Payout } from '../payouts';

/**
 * Which events make an admin notification, and what it says. The
 * spec's samples were typed success, warning and error: a new winner is a
 * success, a payment stuck pending a warning, a failed payout an error.
 * Numbers are masked as in public outputs (DESIGN section 7); money is
 * written as the staff screens write it (formatStaffMoney). Pure.
 */

/** A payment still pending this long after it started is worth an admin's look. */
export const STUCK_PAYMENT_AFTER_MS = 5 * 60_000;

function winnerNotification(
  draw: Pick<DrawRecord, 'id' | 'promotionTitle' | 'winnerMsisdn' | 'prizeLrdCents'>,
): NewNotification {
  return {
    kind: 'winner',
    type: 'success',
    title: messages.notification.winnerTitle,
    message: messages.notification.winner(
      draw.promotionTitle || 'a draw',
      maskMobileNumber(draw.winnerMsisdn ?? ''),
      formatStaffMoney(draw.prizeLrdCents ?? 0, 'LRD'),
    ),
    sourceKind: 'draw',
    sourceId: draw.id,
  };
}

const PAYEE: Record<Payout['kind'], string> = {
  prize: 'Prize',
  partner: 'Partner',
  announcer: 'Announcer',
  refund: 'Refund',
};

function failedPayoutNotification(
  payout: Pick<Payout, 'id' | 'kind' | 'amountCents' | 'currency' | 'msisdn' | 'promotionTitle' | 'reason'>,
): NewNotification {
  return {
    kind: 'payout-failed',
    type: 'error',
    title: messages.notification.payoutFailedTitle,
    message: messages.notification.payoutFailed(
      PAYEE[payout.kind] ?? 'A',
      formatStaffMoney(payout.amountCents, payout.currency),
      maskMobileNumber(payout.msisdn),
      payout.promotionTitle || 'a promotion',
      payout.reason || 'no reason given',
    ),
    sourceKind: 'payout',
    sourceId: payout.id,
  };
}

export function stuckPaymentNotification(
  entry: Pick<Entry, 'id' | 'currency' | 'amountCents' | 'msisdn'>,
): NewNotification {
  return {
    kind: 'payment-pending',
    type: 'warning',
    title: messages.notification.paymentPendingTitle,
    message: messages.notification.paymentPending(
      formatStaffMoney(entry.amountCents, entry.currency),
      maskMobileNumber(entry.msisdn),
      STUCK_PAYMENT_AFTER_MS / 60_000,
    ),
    sourceKind: 'entry',
    sourceId: entry.id,
  };
}

/**
 * The notification a changed item calls for, decided from the stream images
 * alone: a draw record that gains a winner (draws are written with theirs),
 * a payout that moves to failed. Anything else, including the later payout
 * moves on a winning draw, calls for none.
 */
export function notificationOfChange(change: ItemChange): NewNotification | undefined {
  const { oldImage, newImage } = change;
  if (!newImage) return undefined;
  const entity = entityOf(change);
  if (entity === 'draw' && newImage.winnerEntryId && !oldImage?.winnerEntryId) {
    return winnerNotification(newImage as unknown as DrawRecord);
  }
  if (entity === 'payout' && newImage.status === 'failed' && oldImage?.status !== 'failed') {
    return failedPayoutNotification(newImage as unknown as Payout);
  }
  return undefined;
}
