import { topicNames } from '../../../shared/topics';
import { listUsersByRole } from '../../store/users';
import { entityOf, valuesOf, type ItemChange } from '../item-change';
import { isSuperAdmin, type TopicDefinition } from '../topic-definition';

/**
 * `admin/partners` (spec section 3 "Partner (as listed)"): `{Partners:[...]}`
 * for super admins, refreshed whenever a partner user changes.
 */
export const adminPartnersTopic: TopicDefinition = {
  pattern: topicNames.adminPartners,
  canRead: (user) => isSuperAdmin(user),
  async snapshot() {
    const partners = await listUsersByRole('partner');
    return [
      {
        event: 'partners',
        data: {
          Partners: partners.map((p) => ({
            ID: p.id,
            Username: p.username,
            Email: p.email,
            SearchString: p.searchString ?? '',
            MobileMoneyNumber: p.mobileMoneyNumber ?? '',
            AccountBalance: {},
            Role: p.role,
          })),
        },
      },
    ];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'user' && valuesOf(change, 'role').includes('partner') ? [topicNames.adminPartners] : [];
  },
};
