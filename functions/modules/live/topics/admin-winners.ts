import { HOUSE_PARTNER } from '@shared/house-games';
import { topicEvents, topicNames } from '@shared/topics';
import { adminWinnerRow } from '../../draws';
import { recentDraws } from '../../draw-records';
import { listPartners } from '../../staff';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/** The winners list keeps the newest 500 (older ones stay in the draw records). */
const ADMIN_WINNERS_LIMIT = 500;

/**
 * `admin/winners` (DESIGN section 6; spec "Winners List"): every admin sees
 * the drawn winners newest first, with full numbers, from the DRAWS index.
 * A draw with a winner, or a change of its payout status, refreshes it.
 */
export const adminWinnersTopic = defineTopic('adminWinners', {
  async snapshot() {
    const [draws, partners] = await Promise.all([
      recentDraws(ADMIN_WINNERS_LIMIT, { winnersOnly: true }),
      listPartners(),
    ]);
    const names = new Map<string, string>([
      [HOUSE_PARTNER.id, HOUSE_PARTNER.username],
      ...partners.map((p) => [p.id, p.username] as [string, string]),
    ]);
    return [
      topicEvents('adminWinners').winners({
        Winners: draws.map((d) => adminWinnerRow(d, names.get(d.partnerId) ?? '')),
      }),
    ];
  },
  affectedBy(change: ItemChange) {
    const hasWinner = Boolean(change.newImage?.winnerEntryId ?? change.oldImage?.winnerEntryId);
    return entityOf(change) === 'draw' && hasWinner ? [topicNames.adminWinners] : [];
  },
});
