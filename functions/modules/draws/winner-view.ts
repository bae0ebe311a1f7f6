import { formatMoney } from '@shared/money';
import type { DrawRecord } from '../draw-records';

/** A drawn winner as the spec's dashboards and draw calls read it (spec section 3 "Winner"). */
export function winnerView(record: DrawRecord) {
  return {
    id: record.winnerEntryId ?? '',
    draw_id: record.id,
    partner_id: record.partnerId,
    mobile_number: record.winnerMsisdn ?? '',
    winner_selected: record.drawnAt,
    winner_amount: formatMoney(record.prizeLrdCents ?? 0),
  };
}
