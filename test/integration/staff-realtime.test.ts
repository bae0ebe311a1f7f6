import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, PartnerOption, PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { topicNames, TOPIC_ERROR_EVENT } from '@shared/topics';
import { getUser, type StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import {
  aBalance,
  anAnnouncer,
  aPartner,
  aPlainAdmin,
  fixtureSuperAdmin,
  signedIn,
  uniqueCode,
  uniqueEmail,
} from '../support/fixtures';
import { TopicClient } from '../support/ws';

/** Live lists of partners and announcers (DESIGN section 6): super admins only, pushed by the stream fan-out. */
type PartnersList = { Partners: PartnerRecord[] };
type AnnouncersList = { Announcers: AnnouncerRecord[] };

const STAFF_TOPICS = [topicNames.adminPartners, topicNames.adminAnnouncers, topicNames.adminPartnerOptions];

let admin: StaffUser;
let client: ApiClient;
const sockets: TopicClient[] = [];

beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A super admin's socket subscribed to `topic`, past its snapshot. */
async function subscribed(topic: string, event: string): Promise<TopicClient> {
  const socket = await TopicClient.connect(client.sessionCookie);
  sockets.push(socket);
  socket.subscribe(topic);
  await socket.waitFor((m) => m.topic === topic && m.event === event);
  return socket;
}

describe('admin/partners', () => {
  it('shows a created partner to a subscribed super admin', async () => {
    const socket = await subscribed(topicNames.adminPartners, 'partners');
    const response = await client.call(
      routes.createPartner,
      { id: admin.id },
      {
        username: 'Live FM',
        email: uniqueEmail('live'),
        password: 'a-good-password',
        search_string: uniqueCode('LIVE'),
        mobile_money_number: '0777000111',
      },
    );
    expect(response.status).toBe(201);
    const created = response.body.Partner as PartnerRecord;

    const update = await socket.waitFor<PartnersList>(
      (m) => m.event === 'partners' && m.data.Partners.some((p) => p.ID === created.ID),
    );
    expect(update.topic).toBe(topicNames.adminPartners);
    expect(update.data.Partners.find((p) => p.ID === created.ID)).toEqual(created);
  });

  it('shows per-promotion balances as 2-decimal strings after a balance change', async () => {
    const partner = await aPartner();
    const socket = await subscribed(topicNames.adminPartners, 'partners');
    await aBalance(partner.ID, 'partner', 250075, undefined, 'Daily Kiss');
    const update = await socket.waitFor<PartnersList>((m) =>
      m.data.Partners?.some((p) => p.ID === partner.ID && p.AccountBalance['Daily Kiss'] === '2500.75'),
    );
    expect(update.data.Partners.find((p) => p.ID === partner.ID)?.AccountBalance).toEqual({ 'Daily Kiss': '2500.75' });
  });

  it('drops a deleted partner', async () => {
    const partner = await aPartner();
    const socket = await subscribed(topicNames.adminPartners, 'partners');
    expect(
      (await client.call(routes.deletePartner, { id: admin.id }, { search_string: partner.SearchString })).status,
    ).toBe(200);
    await socket.waitFor<PartnersList>(
      (m) => m.event === 'partners' && !m.data.Partners.some((p) => p.ID === partner.ID),
    );
  });
});

describe('admin/announcers', () => {
  it('shows a check-in to a subscribed super admin', async () => {
    const announcer = await anAnnouncer();
    const socket = await subscribed(topicNames.adminAnnouncers, 'announcers');
    const response = await client.call(
      routes.checkInAnnouncer,
      { id: admin.id },
      { search_string: announcer.SearchString },
    );
    expect(response.status).toBe(200);
    const update = await socket.waitFor<AnnouncersList>((m) =>
      m.data.Announcers?.some((a) => a.ID === announcer.ID && a.LastCheckIn !== null),
    );
    expect(update.data.Announcers.find((a) => a.ID === announcer.ID)).toEqual(response.body.Announcer);
  });

  it("follows a partner's search string change", async () => {
    const partner = await aPartner();
    const announcer = await anAnnouncer(partner);
    const socket = await subscribed(topicNames.adminAnnouncers, 'announcers');
    const code = uniqueCode('NEWCODE');
    const response = await client.call(
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
    expect(response.status).toBe(200);
    await socket.waitFor<AnnouncersList>((m) =>
      m.data.Announcers?.some((a) => a.ID === announcer.ID && a.PartnerSearchString === code),
    );
  });
});

describe('admin/partner-options', () => {
  it('lists partners as {label, value} and adds a created one', async () => {
    const socket = await subscribed(topicNames.adminPartnerOptions, 'partner-options');
    const partner = await aPartner({ username: 'Options FM' });
    const update = await socket.waitFor<PartnerOption[]>(
      (m) => m.event === 'partner-options' && m.data.some((o) => o.value === partner.SearchString),
    );
    expect(update.data.find((o) => o.value === partner.SearchString)).toEqual({
      label: 'Options FM',
      value: partner.SearchString,
    });
  });
});

describe('who may subscribe', () => {
  it('refuses every staff topic to a plain admin, a partner and an announcer', async () => {
    const partner = await aPartner();
    const announcer = await anAnnouncer(partner);
    const users = [await aPlainAdmin(), (await getUser(partner.ID))!, (await getUser(announcer.ID))!];
    for (const user of users) {
      const session = await signedIn(user);
      const socket = await TopicClient.connect(session.sessionCookie);
      sockets.push(socket);
      for (const topic of STAFF_TOPICS) {
        socket.subscribe(topic);
        const refusal = await socket.waitFor((m) => m.topic === topic && m.event === TOPIC_ERROR_EVENT);
        expect(refusal.data).toEqual({ error: 'You do not have access to this topic.' });
      }
      expect(socket.messages.every((m) => m.event === TOPIC_ERROR_EVENT)).toBe(true);
    }
  });

  it('refuses every staff topic to an anonymous connection', async () => {
    const socket = await TopicClient.connect();
    sockets.push(socket);
    for (const topic of STAFF_TOPICS) {
      socket.subscribe(topic);
      const refusal = await socket.waitFor((m) => m.topic === topic && m.event === TOPIC_ERROR_EVENT);
      expect(refusal.data).toEqual({ error: messages.auth.signInRequired });
    }
  });
});
