import type { AnnouncerRecord } from '@shared/api/schemas/staff';

/** Spec section 2: search by username, email, partner search string or mobile money number. */
export function matchesAnnouncer(announcer: AnnouncerRecord, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [announcer.Username, announcer.Email, announcer.PartnerSearchString, announcer.MobileMoneyNumber].some(
    (field) => field.toLowerCase().includes(needle),
  );
}

/** Spec section 3: a truthy LastCheckIn means checked in. */
export const isCheckedIn = (announcer: AnnouncerRecord): boolean => Boolean(announcer.LastCheckIn);

export interface AnnouncerGroup {
  /** The partner's SearchString; '' for the announcers with no partner. */
  code: string;
  /** The partner's name, 'Unassigned' when there is no partner. */
  name: string;
  announcers: AnnouncerRecord[];
}

const UNASSIGNED = 'Unassigned';

/**
 * Announcers grouped by partner (spec section 2 "Announcers' List"), named
 * from the partner options; partners by name, 'Unassigned' last.
 */
export function groupByPartner(
  announcers: readonly AnnouncerRecord[],
  partnerNames: ReadonlyMap<string, string>,
): AnnouncerGroup[] {
  const groups = new Map<string, AnnouncerRecord[]>();
  for (const announcer of announcers) {
    const code = announcer.PartnerSearchString;
    groups.set(code, [...(groups.get(code) ?? []), announcer]);
  }
  return [...groups]
    .map(([code, members]) => ({
      code,
      name: code ? (partnerNames.get(code) ?? code) : UNASSIGNED,
      announcers: members,
    }))
    .sort((a, b) => Number(!a.code) - Number(!b.code) || a.name.localeCompare(b.name));
}
