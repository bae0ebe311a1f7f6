import { randomUUID } from 'node:crypto';
import { routes } from '@shared/api/routes';
import type { Portal } from '@shared/api/schemas/auth';
import type {
  AnnouncerRecord,
  CreateAnnouncerRequest,
  CreatePartnerRequest,
  PartnerRecord,
} from '@shared/api/schemas/staff';
import type { Role } from '@shared/roles';
import { createStaffUser, hashPassword, type StaffUser } from '../../functions/modules/staff';
import { type Payout, prizePayoutId } from '../../functions/modules/payouts';
import type { DrawRecord } from '../../functions/modules/draw-records';
import { ApiClient } from './api';
import { stackBaseUrl } from './stack-target';
import { storeBalanceChange, storeDrawRecord } from './stored-state';

export const FIXTURE_PASSWORD = 'fixture-password-1';

// one real scrypt hash per worker, shared by fixture users (each still verified by the real code)
let fixtureHash: Promise<string> | undefined;
const passwordHash = () => (fixtureHash ??= hashPassword(FIXTURE_PASSWORD));

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.example`;

/** A staff user written straight to the table (setup only; the code under test reads it back). */
export async function aStaffUser(
  role: Role,
  overrides: Partial<Omit<StaffUser, 'createdAt' | 'updatedAt' | 'passwordHash'>> = {},
): Promise<StaffUser> {
  const suffix = randomUUID().slice(0, 8);
  return createStaffUser(
    {
      email: uniqueEmail(role),
      username: `${role}-${suffix}`,
      role,
      superAdmin: false,
      passwordHash: await passwordHash(),
      ...(role === 'partner' || role === 'announcer'
        ? { searchString: `${role.toUpperCase()}-${suffix}`, mobileMoneyNumber: '231770000001' }
        : {}),
      ...overrides,
    },
    new Date(),
    // claim the code as the real create calls do, so lookups by SearchString find it
    role === 'partner' || role === 'announcer'
      ? [
          {
            kind: 'searchString',
            value: overrides.searchString ?? `${role.toUpperCase()}-${suffix}`,
            field: 'search_string',
          },
        ]
      : [],
  );
}

export const aSuperAdmin = () => aStaffUser('admin', { superAdmin: true });
export const aPlainAdmin = () => aStaffUser('admin');

const loginRoute: Record<Portal, keyof typeof routes> = {
  admin: 'adminLogin',
  partner: 'partnerLogin',
  announcer: 'announcerLogin',
  regulator: 'regulatorLogin',
};

/** An ApiClient signed in as `user` through the real login route. */
export async function signedIn(user: StaffUser, portal: Portal = portalFor(user.role)): Promise<ApiClient> {
  const client = new ApiClient();
  const response = await client.call(routes[loginRoute[portal]], {}, { email: user.email, password: FIXTURE_PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in failed for ${user.email}: ${response.status} ${response.text}`);
  return client;
}

export function portalFor(role: Role): Portal {
  return role === 'admin' ? 'admin' : role;
}

// ── partners and announcers, built through the API ────────────────

/**
 * A signed-in super admin per test worker and stack, who builds staff
 * fixtures through the real routes (a worker's files share this module: one
 * that ran on a private stack must not hand its admin to the next).
 */
const fixtureAdmins = new Map<string, Promise<{ user: StaffUser; client: ApiClient }>>();
export function fixtureSuperAdmin(): Promise<{ user: StaffUser; client: ApiClient }> {
  const stack = stackBaseUrl();
  let admin = fixtureAdmins.get(stack);
  if (!admin) {
    admin = aSuperAdmin().then(async (user) => ({ user, client: await signedIn(user) }));
    fixtureAdmins.set(stack, admin);
  }
  return admin;
}

/** A fresh search string, e.g. `P-1A2B3C4D`. */
export const uniqueCode = (label: string) => `${label}-${randomUUID().slice(0, 8)}`.toUpperCase();

/** A partner created with create-partner (password FIXTURE_PASSWORD, so `signedIn` works for it). */
export async function aPartner(overrides: Partial<CreatePartnerRequest> = {}): Promise<PartnerRecord> {
  const { user, client } = await fixtureSuperAdmin();
  const body: CreatePartnerRequest = {
    username: `Partner ${randomUUID().slice(0, 8)}`,
    email: uniqueEmail('partner'),
    password: FIXTURE_PASSWORD,
    search_string: uniqueCode('P'),
    mobile_money_number: '0777123456',
    ...overrides,
  };
  const response = await client.call(routes.createPartner, { id: user.id }, body);
  if (response.status !== 201) throw new Error(`create-partner failed: ${response.status} ${response.text}`);
  return response.body.Partner as PartnerRecord;
}

/** An announcer created with create-announcer, belonging to `partner` (a new one if not given). */
export async function anAnnouncer(
  partner?: Pick<PartnerRecord, 'SearchString'>,
  overrides: Partial<CreateAnnouncerRequest> = {},
): Promise<AnnouncerRecord> {
  const { user, client } = await fixtureSuperAdmin();
  const body: CreateAnnouncerRequest = {
    username: `Announcer ${randomUUID().slice(0, 8)}`,
    email: uniqueEmail('announcer'),
    password: FIXTURE_PASSWORD,
    search_string: uniqueCode('A'),
    mobile_money_number: '0886123456',
    partner_search_string: (partner ?? (await aPartner())).SearchString,
    ...overrides,
  };
  const response = await client.call(routes.createAnnouncer, { id: user.id }, body);
  if (response.status !== 201) throw new Error(`create-announcer failed: ${response.status} ${response.text}`);
  return response.body.Announcer as AnnouncerRecord;
}

/** An announcer of `partner`, checked in through the checkin route. */
export async function aCheckedInAnnouncer(partner?: Pick<PartnerRecord, 'SearchString'>): Promise<AnnouncerRecord> {
  const announcer = await anAnnouncer(partner);
  const { user, client } = await fixtureSuperAdmin();
  const response = await client.call(
    routes.checkInAnnouncer,
    { id: user.id },
    { search_string: announcer.SearchString },
  );
  if (response.status !== 200) throw new Error(`checkin failed: ${response.status} ${response.text}`);
  return response.body.Announcer as AnnouncerRecord;
}

/**
 * Credit (or debit) a partner's or announcer's balance for a promotion, with
 * its ledger line, as settlement would (setup only). Returns the promotion id.
 */
export async function aBalance(
  userId: string,
  ownerRole: 'partner' | 'announcer',
  deltaCents: number,
  promotionId: string = randomUUID(),
  promotionTitle = 'Kiss FM Friday',
): Promise<string> {
  const ref = randomUUID();
  const change = {
    userId,
    ownerRole,
    promotionId,
    promotionTitle,
    deltaCents,
    kind: 'entry-share' as const,
    ref,
    // a settlement batch's line lists the entries it credits: here one
    entries: [{ ref, cents: deltaCents }],
  };
  await storeBalanceChange(change);
  return promotionId;
}

/**
 * A draw record written straight to the table as a threshold draw writes it
 * (drawRecordPut, the keys.ts contract): a winner awaiting its prize payout,
 * in the PRIZEPAYOUT queue. Setup only — it lets payout tests choose the
 * winner's number (a real winner paid its entry, so its number never ends
 * in a simulator failure pattern).
 */
export async function aDrawRecord(overrides: Partial<DrawRecord> = {}): Promise<DrawRecord> {
  const record: DrawRecord = {
    id: randomUUID(),
    assignmentId: randomUUID(),
    promotionId: randomUUID(),
    partnerId: randomUUID(),
    promotionTitle: 'Fixture Promotion',
    game: 'partner',
    kind: 'threshold',
    windowNo: 1,
    commitment: '0'.repeat(64),
    seed: '1'.repeat(64),
    windowCount: 1,
    entryCount: 1,
    firstSeq: 1,
    winningSeq: 1,
    winnerEntryId: randomUUID(),
    winnerMsisdn: '231886000100',
    winnerTicket: 'FIXTURE',
    prizeLrdCents: 500_000,
    drawnAt: new Date().toISOString(),
    drawnBy: 'fixture',
    payoutStatus: 'pending',
    ...overrides,
  };
  await storeDrawRecord(record);
  return record;
}

/** The first prize payout of `draw` as the scheduler starts it (before its transfer is sent), created `at`. */
export function aPrizePayoutOf(draw: DrawRecord, at: Date = new Date()): Payout {
  return {
    id: prizePayoutId(draw.id, 1),
    kind: 'prize',
    promotionId: draw.promotionId,
    promotionTitle: draw.promotionTitle ?? '',
    amountCents: draw.prizeLrdCents!,
    currency: 'LRD',
    msisdn: draw.winnerMsisdn!,
    status: 'pending',
    callbackSecretHash: 'never-sent',
    requestedBy: 'scheduler',
    drawId: draw.id,
    attempt: 1,
    createdAt: at.toISOString(),
  };
}
