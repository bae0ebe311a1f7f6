import { useMemo } from 'react';
import type { PartnerOption } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { topicRef } from '@shared/topics';
import { useLiveList, type LiveList } from '@web/hooks/use-live-list';

const PARTNER_OPTIONS = topicRef('adminPartnerOptions');

/**
 * The live partner choices for dropdowns (`admin/partner-options`, spec
 * section 3 "Partner option for dropdowns"): label is the partner's name,
 * 'Unnamed Partner' when it has none; value is its SearchString.
 */
export function usePartnerOptions(): LiveList<PartnerOption> {
  const live = useLiveList(PARTNER_OPTIONS, (data) => data.options);
  const options = live.items;
  const items = useMemo(
    () =>
      options?.map((option) => ({ value: option.value, label: option.label.trim() || messages.partner.unnamed })) ??
      null,
    [options],
  );
  return { ...live, items };
}
