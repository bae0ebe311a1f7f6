import { announcersList, type AnnouncerRecord } from '../../../../../shared/api/schemas/staff';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';
import type { LiveList } from './use-partners';

const events = { announcers: announcersList };

/** The live announcer list (`admin/announcers`, spec section 3 "Announcer"). */
export function useAnnouncers(): LiveList<AnnouncerRecord> {
  const { data, refused } = useTopic(topicNames.adminAnnouncers, events);
  return { items: data.announcers?.Announcers ?? null, refused };
}
