import { partnersList, type PartnerRecord } from '../../../../../shared/api/schemas/staff';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';

const events = { partners: partnersList };

export interface LiveList<T> {
  /** Null until the first snapshot arrives. */
  items: T[] | null;
  /** The server's reason when it refused the topic. */
  refused: string | null;
}

/** The live partner list (`admin/partners`, spec section 3 "Partner (as listed)"). */
export function usePartners(): LiveList<PartnerRecord> {
  const { data, refused } = useTopic(topicNames.adminPartners, events);
  return { items: data.partners?.Partners ?? null, refused };
}
