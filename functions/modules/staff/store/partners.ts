import { noPayoutInFlightDelete } from './payee-in-flight';
import type { Actor } from '../../audit';
import type { PromotionBalance } from '../staff-rules';
import { deleteUserSessions } from './sessions';
import {
  claimReleases,
  commitStaffWrite,
  endSessionsIfNeeded,
  findBySearchString,
  newStaffUser,
  newStaffUserWrites,
  profileUpdateWrites,
  staffAudit,
  staffUserDelete,
  withPasswordNote,
  zeroBalanceDeletes,
  type StaffProfile,
} from './staff-writes';
import { getUser, listUsersByRole, type StaffUser } from './users';

/**
 * Partners (DESIGN section 4): staff users of role partner with a
 * unique SearchString and a MobileMoneyNumber; written with the building
 * blocks of ./staff-writes.ts.
 */

/**
 * A partner's user item. `announcerCount` (kept by announcer writes) and
 * `assignmentCount` (kept by assignment writes) hold it from deletion.
 */
export type Partner = StaffUser & { announcerCount?: number; assignmentCount?: number };

const partnerTarget = (partner: Pick<StaffUser, 'searchString'>) => `partner:${partner.searchString ?? ''}`;

export async function getPartner(id: string): Promise<Partner | undefined> {
  const user = await getUser(id);
  return user?.role === 'partner' ? user : undefined;
}

export const findPartnerBySearchString = (searchString: string): Promise<Partner | undefined> =>
  findBySearchString('partner', searchString);

/** All partners, ordered by username (GSI1; never a scan). */
export const listPartners = (): Promise<Partner[]> => listUsersByRole('partner');

/** A new partner with its email and search string claimed and its audit line, all or nothing. */
export async function createPartner(
  profile: StaffProfile,
  passwordHash: string,
  actor: Actor,
  now: Date,
): Promise<Partner> {
  const partner = newStaffUser('partner', profile, passwordHash, now);
  const audit = staffAudit(actor, 'partner.create', partnerTarget(partner), { after: partner }, now);
  await commitStaffWrite([...newStaffUserWrites(partner), audit]);
  return partner;
}

/** Change a partner's profile (and password when given); claims move in the same transaction. */
export async function updatePartner(
  current: Partner,
  profile: StaffProfile,
  passwordHash: string | undefined,
  actor: Actor,
  now: Date,
): Promise<Partner> {
  const { writes, after } = profileUpdateWrites(current, profile, passwordHash, now);
  const change = { before: current, after: withPasswordNote(after, passwordHash) };
  const audit = staffAudit(actor, 'partner.update', partnerTarget(current), change, now);
  await commitStaffWrite([...writes, audit]);
  await endSessionsIfNeeded(current, after, passwordHash !== undefined);
  return after;
}

/**
 * Delete a partner: the user, its claims and its zero balances, with the audit
 * line, in one transaction. The caller has checked its ties (staff-rules);
 * the conditions hold them while the transaction commits.
 */
export async function deletePartner(
  partner: Partner,
  zeroBalances: readonly PromotionBalance[],
  actor: Actor,
  now: Date,
): Promise<void> {
  await commitStaffWrite([
    // never while a payout to it is in flight (DESIGN section 4 "Payouts")
    noPayoutInFlightDelete(partner.id),
    // a partner with announcers or assignments is never deleted (they would point at nothing)
    staffUserDelete(
      partner,
      '(attribute_not_exists(announcerCount) OR announcerCount = :none) AND ' +
        '(attribute_not_exists(assignmentCount) OR assignmentCount = :none)',
      { ':none': 0 },
    ),
    ...claimReleases(partner),
    ...zeroBalanceDeletes(partner.id, zeroBalances),
    staffAudit(actor, 'partner.delete', partnerTarget(partner), { before: partner }, now),
  ]);
  await deleteUserSessions(partner.id);
}
