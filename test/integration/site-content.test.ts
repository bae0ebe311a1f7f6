import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { contactBody } from '@shared/api/schemas/site-content';
import { listAudit } from '../../functions/modules/audit';
import { getDraw } from '../../functions/modules/draw-records';
import { sendTransfer, startPrizePayout } from '../../functions/modules/payouts';
import { ApiClient } from '../support/api';
import { aDrawRecord, aPlainAdmin, aPrizePayoutOf, aSuperAdmin, signedIn } from '../support/fixtures';
import { smsTo } from '../support/play';
import { SITE_CONTACT as CONTACT, SITE_CONTACT_STORED } from '../support/site-contact';

/**
 * Issue 35 item 7: the home page's announcements and the site's contact
 * details are managed by super admins (audited, validated: a 4xx with
 * {error} and nothing changed), read by the public in one answer, and the
 * held-prize SMS names the contact number.
 */

let adminId: string;
let admin: ApiClient;
const visitor = new ApiClient();

beforeAll(async () => {
  const user = await aSuperAdmin();
  adminId = user.id;
  admin = await signedIn(user);
});

const me = (extra: Record<string, string> = {}) => ({ id: adminId, ...extra });
const publicSite = async () => (await visitor.call(routes.publicSite)).body;

describe('announcements', () => {
  it('are posted, edited and deleted by a super admin, each audited, and the newest read by the public with its date', async () => {
    const title = `Draw moved ${randomUUID().slice(0, 6)}`;
    const posted = await admin.call(routes.createAnnouncement, me(), {
      type: 'important',
      title,
      message: 'Saturday’s jackpot is drawn at 19:15 GMT.',
    });
    expect(posted.status).toBe(201);
    const { announcement } = posted.body;
    expect(announcement).toMatchObject({ type: 'important', title, date: new Date().toISOString().slice(0, 10) });

    const site = await visitor.call(routes.publicSite);
    expect(site.status).toBe(200);
    expect(site.headers.get('cache-control')).toContain('s-maxage=');
    expect(site.body.announcements[0]).toEqual(announcement);

    const edited = await admin.call(routes.updateAnnouncement, me({ announcementId: announcement.id }), {
      type: 'update',
      title: `${title} (edited)`,
      message: 'Now at 19:30 GMT.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.announcement).toEqual({
      ...announcement,
      type: 'update',
      title: `${title} (edited)`,
      message: 'Now at 19:30 GMT.',
    });
    const listed = await admin.call(routes.listAnnouncements, me());
    expect(listed.body.announcements).toContainEqual(edited.body.announcement);

    const deleted = await admin.call(routes.deleteAnnouncement, me({ announcementId: announcement.id }));
    expect(deleted.status).toBe(200);
    expect((await publicSite()).announcements.map((a: { id: string }) => a.id)).not.toContain(announcement.id);
    const again = await admin.call(routes.deleteAnnouncement, me({ announcementId: announcement.id }));
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual(expect.any(String));

    const { items } = await listAudit(1000);
    expect(
      items
        .filter((a) => a.target === `announcement:${announcement.id}`)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['announcement.create', 'announcement.delete', 'announcement.update']);
  });

  it('the public read carries only the newest three, newest first', async () => {
    for (let i = 1; i <= 4; i++)
      await admin.call(routes.createAnnouncement, me(), {
        type: 'update',
        title: `Batch ${i}`,
        message: `Number ${i}`,
      });
    const { announcements } = await publicSite();
    // (another file's browser test may post one meanwhile: these are the newest three of this file's)
    expect(announcements).toHaveLength(3);
    expect(announcements.map((a: { title: string }) => a.title).filter((t: string) => t.startsWith('Batch'))).toEqual(
      ['Batch 4', 'Batch 3', 'Batch 2'].slice(
        0,
        announcements.filter((a: { title: string }) => a.title.startsWith('Batch')).length,
      ),
    );
    expect(announcements[0].title).toMatch(/^Batch 4$|^Home /);
  });

  it('refuse bad input with a 4xx {error} and change nothing', async () => {
    const before = (await admin.call(routes.listAnnouncements, me())).body.announcements;
    const bad: Array<Record<string, unknown>> = [
      { type: 'urgent', title: 'T', message: 'M' },
      { type: 'update', title: '', message: 'M' },
      { type: 'update', title: 'T', message: '   ' },
      { type: 'update', title: 'x'.repeat(81), message: 'M' },
      { type: 'update', title: 'T', message: 'x'.repeat(401) },
      { type: 'update', title: 'T\u202e', message: 'M' },
      { title: 'T', message: 'M' },
    ];
    for (const body of bad) {
      const response = await admin.call(routes.createAnnouncement, me(), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const unknown = await admin.call(routes.updateAnnouncement, me({ announcementId: 'not-an-id' }), {
      type: 'update',
      title: 'T',
      message: 'M',
    });
    expect(unknown.status).toBe(404);
    expect((await admin.call(routes.listAnnouncements, me())).body.announcements).toEqual(before);
  });

  it('are refused to a plain admin and to a visitor', async () => {
    const plain = await aPlainAdmin();
    const client = await signedIn(plain);
    const body = { type: 'update', title: 'Not mine', message: 'M' };
    const refused = await client.call(routes.createAnnouncement, { id: plain.id }, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(expect.any(String));
    expect((await client.call(routes.updateContact, { id: plain.id }, CONTACT)).status).toBe(403);
    expect((await visitor.call(routes.createAnnouncement, me(), body)).status).toBe(401);
    expect((await publicSite()).announcements.map((a: { title: string }) => a.title)).not.toContain('Not mine');
  });
});

describe('contact details', () => {
  it('take Liberian numbers as every number the product takes, refuse others with {error}, and are read by the public', async () => {
    for (const body of [
      { ...CONTACT, phone: '+231 770 000' },
      { ...CONTACT, whatsapp: '0221234567' },
      { ...CONTACT, email: 'not an address' },
      { ...CONTACT, services_phone: '+44 20 7946 0958' },
    ]) {
      const response = await admin.call(routes.updateContact, me(), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const saved = await admin.call(routes.updateContact, me(), CONTACT);
    expect(saved.status).toBe(200);
    const contact = SITE_CONTACT_STORED;
    expect(saved.body.contact).toEqual(contact);
    expect((await admin.call(routes.getContact, me())).body.contact).toEqual(contact);
    expect((await publicSite()).contact).toEqual(contact);
    const { items } = await listAudit(200);
    expect(items.find((a) => a.target === 'settings:contact')).toMatchObject({
      action: 'contact.update',
      after: contact,
    });
  });

  it('take a body without the software services phone, as clients before it sent (no number then)', () => {
    const { services_phone: _, ...older } = CONTACT;
    expect(contactBody.parse(older)).toEqual({ ...SITE_CONTACT_STORED, services_phone: null });
  });

  it('name the number to call in the SMS of a held prize', async () => {
    await admin.call(routes.updateContact, me(), CONTACT);
    // MTN's simulator: this number's wallet is not active (infra/local/momo-sim-rules.ts)
    const draw = await aDrawRecord({
      winnerMsisdn: `23188${randomInt(10)}000301`,
      // short enough to stay whole beside the number (the SMS cuts the title to fit one SMS)
      promotionTitle: `H${randomUUID().slice(0, 6)}`,
      promotionId: randomUUID(),
      prizeLrdCents: 250_000,
    });
    const payout = aPrizePayoutOf(draw);
    if (await startPrizePayout(payout, draw)) await sendTransfer(payout, 'unused-secret', new Date());
    await expect.poll(async () => (await getDraw(draw.id))?.payoutStatus, { timeout: 20_000 }).toBe('held');
    // the SMS is sent after the hold commits
    await expect
      .poll(async () => (await smsTo(draw.winnerMsisdn!)).filter((m) => m.text.includes(draw.promotionTitle)), {
        timeout: 20_000,
      })
      .toEqual([expect.objectContaining({ text: expect.stringContaining('call 0886555123 with your ID') })]);
  });
});
