import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, CreateAnnouncerRequest } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import { checkedInAnnouncersOf, getUser, type StaffUser, uniqueOwner } from '../../functions/modules/staff';
import { listBalances } from '../../functions/modules/payouts';
import { ApiClient } from '../support/api';
import {
  aBalance,
  aCheckedInAnnouncer,
  anAnnouncer,
  aPartner,
  FIXTURE_PASSWORD,
  fixtureSuperAdmin,
  signedIn,
  uniqueCode,
  uniqueEmail,
} from '../support/fixtures';

/** Announcer management and check-in (spec sections 2, 4, 5, 7, 8). */
let admin: StaffUser;
let client: ApiClient;

beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

const createAnnouncer = (body: unknown) => client.call(routes.createAnnouncer, { id: admin.id }, body);
const updateAnnouncer = (body: unknown) => client.call(routes.updateAnnouncer, { id: admin.id }, body);
const deleteAnnouncer = (search_string: string) =>
  client.call(routes.deleteAnnouncer, { id: admin.id }, { search_string });
const checkIn = (search_string: string) => client.call(routes.checkInAnnouncer, { id: admin.id }, { search_string });
const checkOut = (search_string: string) => client.call(routes.checkOutAnnouncer, { id: admin.id }, { search_string });

const anAnnouncerBody = (
  partnerSearchString: string,
  overrides: Partial<CreateAnnouncerRequest> = {},
): CreateAnnouncerRequest => ({
  username: 'DJ Blessing',
  email: uniqueEmail('dj'),
  mobile_money_number: '0555 123 456',
  password: 'a-good-password',
  partner_search_string: partnerSearchString,
  search_string: uniqueCode('DJ'),
  ...overrides,
});

const updateBody = (announcer: AnnouncerRecord, overrides: Record<string, unknown> = {}) => ({
  id: announcer.ID,
  username: announcer.Username,
  email: announcer.Email,
  password: '',
  mobile_money_number: announcer.MobileMoneyNumber,
  search_string: announcer.SearchString,
  partner_search_string: announcer.PartnerSearchString,
  ...overrides,
});

const signInStatus = async (email: string, password: string) =>
  (await new ApiClient().call(routes.announcerLogin, {}, { email, password })).status;

describe('create announcer', () => {
  it('creates an announcer of a partner, checked out, who can sign in at the announcer portal', async () => {
    const partner = await aPartner();
    const body = anAnnouncerBody(partner.SearchString.toLowerCase());
    const response = await createAnnouncer(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: messages.announcer.created,
      Announcer: {
        ID: expect.any(String),
        Username: 'DJ Blessing',
        Email: body.email,
        MobileMoneyNumber: '231555123456',
        SearchString: body.search_string,
        PartnerSearchString: partner.SearchString,
        LastCheckIn: null,
        AccountBalance: {},
        PromotionBalances: [],
      },
    });
    expect(await signInStatus(body.email, body.password)).toBe(200);
  });

  for (const field of [
    'username',
    'email',
    'password',
    'search_string',
    'mobile_money_number',
    'partner_search_string',
  ] as const) {
    it(`answers 'All fields with * must be filled.' without ${field}`, async () => {
      const response = await createAnnouncer({ ...anAnnouncerBody('ANY'), [field]: '' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: messages.validation.allFieldsStar, fields: { [field]: 'Required' } });
    });
  }

  it("answers 400 for an unknown partner, and for a search string that is an announcer's", async () => {
    const other = await anAnnouncer();
    for (const code of [uniqueCode('NOPARTNER'), other.SearchString]) {
      const response = await createAnnouncer(anAnnouncerBody(code));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'Unknown partner: choose one of the listed partners.',
        fields: { partner_search_string: 'Unknown partner' },
      });
    }
  });

  it('answers 400 for a mobile money number that is not Liberian', async () => {
    const partner = await aPartner();
    const response = await createAnnouncer(
      anAnnouncerBody(partner.SearchString, { mobile_money_number: '0999123456' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(INVALID_MOBILE_NUMBER);
  });

  it('answers 409 naming the field when the email or search string is taken (also by a partner)', async () => {
    const partner = await aPartner();
    const existing = await anAnnouncer(partner);
    const byEmail = await createAnnouncer(anAnnouncerBody(partner.SearchString, { email: existing.Email }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.fields).toEqual({ email: 'Already in use' });
    for (const code of [existing.SearchString, partner.SearchString]) {
      const byCode = await createAnnouncer(anAnnouncerBody(partner.SearchString, { search_string: code }));
      expect(byCode.status).toBe(409);
      expect(byCode.body).toEqual({
        error: 'That search string is already in use.',
        fields: { search_string: 'Already in use' },
      });
    }
  });

  it('lets exactly one of 20 concurrent creates with the same email succeed', async () => {
    const partner = await aPartner();
    const email = uniqueEmail('dj-race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => createAnnouncer(anAnnouncerBody(partner.SearchString, { email }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    // the partner counts exactly the one announcer that exists
    expect((await getUser(partner.ID)) as StaffUser & { announcerCount?: number }).toMatchObject({ announcerCount: 1 });
  });
});

describe('update announcer', () => {
  it('updates the profile; an empty password keeps the old one', async () => {
    const announcer = await anAnnouncer();
    const response = await updateAnnouncer(
      updateBody(announcer, { username: 'DJ Renamed', mobile_money_number: '0886555444' }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: messages.announcer.updated,
      Announcer: { ...announcer, Username: 'DJ Renamed', MobileMoneyNumber: '231886555444' },
    });
    expect(await signInStatus(announcer.Email, FIXTURE_PASSWORD)).toBe(200);
  });

  it('moves the announcer to another partner named by partner_search_string', async () => {
    const [from, to] = await Promise.all([aPartner(), aPartner()]);
    const announcer = await anAnnouncer(from);
    const response = await updateAnnouncer(updateBody(announcer, { partner_search_string: to.SearchString }));
    expect(response.status).toBe(200);
    expect(response.body.Announcer.PartnerSearchString).toBe(to.SearchString);
    // the old partner has no announcers left, so it may be deleted; the new one may not
    expect(
      (await client.call(routes.deletePartner, { id: admin.id }, { search_string: from.SearchString })).status,
    ).toBe(200);
    expect((await client.call(routes.deletePartner, { id: admin.id }, { search_string: to.SearchString })).status).toBe(
      409,
    );
  });

  it('keeps the partner when partner_search_string is empty or absent', async () => {
    const announcer = await anAnnouncer();
    const body = updateBody(announcer, { partner_search_string: '' });
    expect((await updateAnnouncer(body)).body.Announcer.PartnerSearchString).toBe(announcer.PartnerSearchString);
    const { partner_search_string: _absent, ...withoutPartner } = body;
    expect((await updateAnnouncer(withoutPartner)).body.Announcer.PartnerSearchString).toBe(
      announcer.PartnerSearchString,
    );
  });

  it('answers 400 for an unknown partner and changes nothing', async () => {
    const announcer = await anAnnouncer();
    const response = await updateAnnouncer(
      updateBody(announcer, { username: 'Changed', partner_search_string: uniqueCode('GHOST') }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Unknown partner: choose one of the listed partners.');
    expect((await getUser(announcer.ID))?.username).toBe(announcer.Username);
  });

  it("sets a new password and ends the announcer's sessions", async () => {
    const announcer = await anAnnouncer();
    const session = await signedIn((await getUser(announcer.ID))!, 'announcer');
    expect((await updateAnnouncer(updateBody(announcer, { password: 'another-password' }))).status).toBe(200);
    expect((await session.call(routes.me)).status).toBe(401);
    expect(await signInStatus(announcer.Email, 'another-password')).toBe(200);
  });

  it('moves the search string claim and answers 409 for a taken one', async () => {
    const [announcer, other] = await Promise.all([anAnnouncer(), anAnnouncer()]);
    expect((await updateAnnouncer(updateBody(announcer, { search_string: other.SearchString }))).status).toBe(409);
    const code = uniqueCode('DJNEW');
    expect((await updateAnnouncer(updateBody(announcer, { search_string: code }))).status).toBe(200);
    expect(await uniqueOwner('searchString', code)).toBe(announcer.ID);
    expect(await uniqueOwner('searchString', announcer.SearchString)).toBeUndefined();
  });

  for (const field of ['username', 'email', 'mobile_money_number', 'search_string'] as const) {
    it(`answers 'Missing some important fields' without ${field}`, async () => {
      const announcer = await anAnnouncer();
      const { [field]: _dropped, ...body } = updateBody(announcer);
      const response = await updateAnnouncer(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: messages.validation.missingImportantFields,
        fields: { [field]: 'Required' },
      });
    });
  }

  it('answers 404 for an id that is not an announcer', async () => {
    const partner = await aPartner();
    const announcer = await anAnnouncer(partner);
    for (const id of [randomUUID(), partner.ID]) {
      const response = await updateAnnouncer(
        updateBody(announcer, { id, email: uniqueEmail('x'), search_string: uniqueCode('X') }),
      );
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Announcer not found.' });
    }
  });

  it("shows the partner's new code after the partner's search string changes", async () => {
    const partner = await aPartner();
    const announcer = await anAnnouncer(partner);
    const code = uniqueCode('RENAMED');
    const renamed = await client.call(
      routes.updatePartner,
      { id: admin.id },
      {
        id: partner.ID,
        username: partner.Username,
        email: partner.Email,
        search_string: code,
        mobile_money_number: partner.MobileMoneyNumber,
      },
    );
    expect(renamed.status).toBe(200);
    expect((await checkIn(announcer.SearchString)).body.Announcer.PartnerSearchString).toBe(code);
  });
});

describe('delete announcer', () => {
  it('deletes the announcer, its claims and its sessions', async () => {
    const announcer = await anAnnouncer();
    const session = await signedIn((await getUser(announcer.ID))!, 'announcer');
    const response = await deleteAnnouncer(announcer.SearchString);
    expect(response).toMatchObject({ status: 200, body: { message: messages.announcer.deleted } });
    expect(await getUser(announcer.ID)).toBeUndefined();
    expect(await uniqueOwner('email', announcer.Email)).toBeUndefined();
    expect(await uniqueOwner('searchString', announcer.SearchString)).toBeUndefined();
    expect((await session.call(routes.me)).status).toBe(401);
    expect((await deleteAnnouncer(announcer.SearchString)).status).toBe(404);
  });

  it('refuses an announcer with a positive balance (the money would be lost)', async () => {
    const announcer = await anAnnouncer();
    await aBalance(announcer.ID, 'announcer', 1250);
    const response = await deleteAnnouncer(announcer.SearchString);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      'This announcer cannot be deleted: it still has a positive account balance (pay it out first).',
    );
    expect(await getUser(announcer.ID)).toBeDefined();
  });

  it("answers 404 for a partner's search string", async () => {
    const partner = await aPartner();
    expect((await deleteAnnouncer(partner.SearchString)).body).toEqual({ error: 'Announcer not found.' });
  });
});

describe('check in and check out', () => {
  it('check-in sets LastCheckIn to now; checking in again keeps it', async () => {
    const announcer = await anAnnouncer();
    const before = Date.now();
    const first = await checkIn(announcer.SearchString);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(messages.announcer.checkedIn);
    const at = Date.parse(first.body.Announcer.LastCheckIn);
    expect(first.body.Announcer.LastCheckIn).toBe(new Date(at).toISOString());
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const second = await checkIn(announcer.SearchString);
    expect(second.status).toBe(200);
    expect(second.body.Announcer.LastCheckIn).toBe(first.body.Announcer.LastCheckIn);
  });

  it('check-out clears LastCheckIn; checking out again is harmless', async () => {
    const announcer = await aCheckedInAnnouncer();
    for (let i = 0; i < 2; i += 1) {
      const response = await checkOut(announcer.SearchString);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        message: messages.announcer.checkedOut,
        Announcer: { ...announcer, LastCheckIn: null },
      });
    }
    expect((await getUser(announcer.ID))?.lastCheckIn).toBeUndefined();
  });

  it('is harmless when several check-ins race', async () => {
    const announcer = await anAnnouncer();
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkIn(announcer.SearchString)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = await getUser(announcer.ID);
    expect(new Set(responses.map((r) => r.body.Announcer.LastCheckIn))).toEqual(new Set([stored?.lastCheckIn]));
  });

  it("answers 404 for an unknown search string and a partner's", async () => {
    const partner = await aPartner();
    for (const code of [uniqueCode('NOBODY'), partner.SearchString]) {
      expect((await checkIn(code)).status).toBe(404);
      expect((await checkOut(code)).status).toBe(404);
    }
  });

  it("lists a partner's checked-in announcers for the money split", async () => {
    const partner = await aPartner();
    const [inOne, inTwo, out] = await Promise.all([
      aCheckedInAnnouncer(partner),
      aCheckedInAnnouncer(partner),
      anAnnouncer(partner),
    ]);
    await aCheckedInAnnouncer(); // another partner's
    const ids = (await checkedInAnnouncersOf(partner.ID)).map((a) => a.id).sort();
    expect(ids).toEqual([inOne.ID, inTwo.ID].sort());
    expect(ids).not.toContain(out.ID);
  });

  it('shows balances per promotion as 2-decimal strings', async () => {
    const announcer = await anAnnouncer();
    await aBalance(announcer.ID, 'announcer', 12345, randomUUID(), 'Morning Show');
    await aBalance(announcer.ID, 'announcer', 5, randomUUID(), 'Evening Show');
    const response = await checkIn(announcer.SearchString);
    expect(response.body.Announcer.AccountBalance).toEqual({ 'Morning Show': '123.45', 'Evening Show': '0.05' });
    expect(await listBalances(announcer.ID)).toHaveLength(2);
  });
});

describe('bad input to the announcer calls', () => {
  it('answers 400 {error} to wrong types and 10 KB strings, never 500', async () => {
    const partner = await aPartner();
    const big = 'y'.repeat(10 * 1024);
    const bodies: unknown[] = [
      { username: 1, email: 2, password: 3, search_string: 4, mobile_money_number: 5, partner_search_string: 6 },
      anAnnouncerBody(partner.SearchString, { username: big }),
      anAnnouncerBody(big),
      anAnnouncerBody(partner.SearchString, { search_string: big }),
    ];
    for (const body of bodies) {
      const response = await createAnnouncer(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    for (const call of [checkIn, checkOut, deleteAnnouncer]) {
      expect((await call(big)).status).toBe(400);
      const wrongType = await client.call(routes.checkInAnnouncer, { id: admin.id }, { search_string: ['A'] });
      expect(wrongType.status).toBe(400);
    }
  });

  it('keeps unicode and markup in a username as data', async () => {
    const partner = await aPartner();
    const username = `<img src=x onerror=alert(1)> Ɓɛlɛ Kpelle ${'é'.normalize('NFD')}`;
    const response = await createAnnouncer(anAnnouncerBody(partner.SearchString, { username }));
    expect(response.status).toBe(201);
    expect(response.body.Announcer.Username).toBe(username);
  });
});
