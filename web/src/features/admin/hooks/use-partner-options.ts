import { useMemo } from 'react';
import { partnerOptions, type PartnerOption } from '../../../../../shared/api/schemas/staff';
import { messages } from '../../../../../shared/messages';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';
import type { LiveList } from './use-partners';

const events = { 'partner-options': partnerOptions };

/**
 * The live partner choices for dropdowns (`admin/partner-options`, spec
 * section 3 "Partner option for dropdowns"): label is the partner's name,
 * 'Unnamed Partner' when it has none; value is its SearchString.
 */
export function usePartnerOptions(): LiveList<PartnerOption> {
  const { data, refused } = useTopic(topicNames.adminPartnerOptions, events);
  const options = data['partner-options'];
  const items = useMemo(
    () =>
      options?.map((option) => ({ value: option.value, label: option.label.trim() || messages.partner.unnamed })) ??
      null,
    [options],
  );
  return { items, refused };
}
