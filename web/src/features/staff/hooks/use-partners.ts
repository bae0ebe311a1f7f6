import type { PartnerRecord } from '@shared/api/schemas/staff';
import { topicRef } from '@shared/topics';
import { useLiveList, type LiveList } from '@web/hooks/use-live-list';

const PARTNERS = topicRef('adminPartners');

/** The live partner list (`admin/partners`, spec section 3 "Partner (as listed)"). */
export function usePartners(): LiveList<PartnerRecord> {
  return useLiveList(PARTNERS, (data) => data.partners?.Partners);
}
