import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { topicRef } from '@shared/topics';
import { useLiveList, type LiveList } from '@web/hooks/use-live-list';

const ANNOUNCERS = topicRef('adminAnnouncers');

/** The live announcer list (`admin/announcers`, spec section 3 "Announcer"). */
export function useAnnouncers(): LiveList<AnnouncerRecord> {
  return useLiveList(ANNOUNCERS, (data) => data.announcers?.Announcers);
}
