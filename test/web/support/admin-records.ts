import type { AnnouncerRecord } from '../../../shared/api/schemas/staff';

/** An announcer as the admin/announcers topic lists it: DJ Blaze of Kiss FM, never checked in. */
export const anAnnouncer = (overrides: Partial<AnnouncerRecord> = {}): AnnouncerRecord => ({
  ID: 'a-1',
  Username: 'DJ Blaze',
  Email: 'blaze@kissfm.lr',
  MobileMoneyNumber: '231886000001',
  SearchString: 'BLAZE',
  PartnerSearchString: 'KISS',
  LastCheckIn: null,
  AccountBalance: {},
  ...overrides,
});
