import { topicEvents, topicNames } from '@shared/topics';
import { announcerRecord, listAnnouncers, listPartners } from '../../staff';
import { balancesByRole } from '../../payouts';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { balanceChangedOf, promotionRetitled, staffUserChanged } from './admin-partners';

const LISTED_FIELDS = ['username', 'email', 'searchString', 'mobileMoneyNumber', 'partnerId', 'lastCheckIn'] as const;

/**
 * `admin/announcers` (spec section 3 "Announcer"): `{Announcers:[...]}` with
 * each announcer's partner code (read from the partner now), check-in time and
 * balances, for super admins. A partner's code change refreshes it too.
 */
export const adminAnnouncersTopic = defineTopic('adminAnnouncers', {
  async snapshot() {
    // every announcer's balances in one read, not one per announcer (modules/payouts/store/balances.ts)
    const [announcers, partners, balances] = await Promise.all([
      listAnnouncers(),
      listPartners(),
      balancesByRole('announcer'),
    ]);
    const partnerCode = new Map(partners.map((partner) => [partner.id, partner.searchString]));
    const Announcers = announcers.map((announcer) =>
      announcerRecord(
        announcer,
        announcer.partnerId ? partnerCode.get(announcer.partnerId) : announcer.partnerSearchString,
        balances.get(announcer.id) ?? [],
      ),
    );
    return [topicEvents('adminAnnouncers').announcers({ Announcers })];
  },
  affectedBy(change: ItemChange) {
    const affected =
      staffUserChanged(change, 'announcer', LISTED_FIELDS) ||
      partnerCodeChanged(change) ||
      balanceChangedOf(change, 'announcer') ||
      promotionRetitled(change);
    return affected ? [topicNames.adminAnnouncers] : [];
  },
});

/** An existing partner's code changed (a new partner has no announcers yet; one with announcers is never deleted). */
function partnerCodeChanged(change: ItemChange): boolean {
  const { oldImage, newImage } = change;
  if (entityOf(change) !== 'user' || !oldImage || !newImage) return false;
  return newImage.role === 'partner' && oldImage.searchString !== newImage.searchString;
}
