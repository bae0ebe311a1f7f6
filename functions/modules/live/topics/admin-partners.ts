import { topicEvents, topicNames } from '@shared/topics';
import { partnerRecord, listPartners } from '../../staff';
import { balancesByRole } from '../../payouts';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/**
 * `admin/partners` (spec section 3 "Partner (as listed)"): `{Partners:[...]}`
 * with each partner's per-promotion balances, for super admins; refreshed when
 * a partner's listed fields or one of its balances change.
 */
export const adminPartnersTopic = defineTopic('adminPartners', {
  async snapshot() {
    // every partner's balances in one read, not one per partner (modules/payouts/store/balances.ts)
    const [partners, balances] = await Promise.all([listPartners(), balancesByRole('partner')]);
    const Partners = partners.map((partner) => partnerRecord(partner, balances.get(partner.id) ?? []));
    return [topicEvents('adminPartners').partners({ Partners })];
  },
  affectedBy(change: ItemChange) {
    const listed = staffUserChanged(change, 'partner', ['username', 'email', 'searchString', 'mobileMoneyNumber']);
    return listed || balanceChangedOf(change, 'partner') || promotionRetitled(change) ? [topicNames.adminPartners] : [];
  },
});

/**
 * A user item of `role` was created, deleted, or changed one of `fields`
 * (other attributes, e.g. a partner's announcer count, leave lists as they are).
 */
export function staffUserChanged(change: ItemChange, role: string, fields: readonly string[]): boolean {
  if (entityOf(change) !== 'user' || !valuesOf(change, 'role').includes(role)) return false;
  const { oldImage, newImage } = change;
  if (!oldImage || !newImage) return true;
  return fields.some((field) => oldImage[field] !== newImage[field]) || oldImage.role !== newImage.role;
}

/** A promotion's title changed: balances are listed under their promotion's current title (modules/payouts/store/balances.ts). */
export function promotionRetitled(change: ItemChange): boolean {
  return entityOf(change) === 'promotion' && change.oldImage?.title !== change.newImage?.title;
}

/** A balance of a user of `role` changed (balance items carry `ownerRole`, so no read is needed). */
export function balanceChangedOf(change: ItemChange, role: 'partner' | 'announcer'): boolean {
  return entityOf(change) === 'balance' && valuesOf(change, 'ownerRole').includes(role);
}
