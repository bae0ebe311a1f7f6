import { topicEvents, topicNames } from '@shared/topics';
import { partnerOptionOf, listPartners } from '../../staff';
import type { ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { staffUserChanged } from './admin-partners';

/**
 * `admin/partner-options` (spec section 3 "Partner option for dropdowns"):
 * `[{label, value}]` for the create-announcer form's partner choice, for
 * super admins; refreshed when a partner's name or code changes.
 */
export const adminPartnerOptionsTopic = defineTopic('adminPartnerOptions', {
  async snapshot() {
    const partners = await listPartners();
    return [topicEvents('adminPartnerOptions').options(partners.map(partnerOptionOf))];
  },
  affectedBy(change: ItemChange) {
    return staffUserChanged(change, 'partner', ['username', 'email', 'searchString'])
      ? [topicNames.adminPartnerOptions]
      : [];
  },
});
