import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPromotion } from '../support/catalog';
import {
  aPartner,
  anAnnouncer,
  fixtureSuperAdmin,
  FIXTURE_PASSWORD,
  uniqueCode,
  uniqueEmail,
} from '../support/fixtures';
import { eventually } from '../support/eventually';
import { aPaidEntryByCode, aPromotionToDraw, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';

/**
 * DESIGN section 7: staff-entered names and titles hold no control or
 * text-direction characters (NUL, escapes, line breaks, C1, bidi overrides
 * and isolates, direction marks). They are refused at input with a 400
 * naming the field, so none is stored and none reaches a player's SMS.
 */
const UNSAFE = ['\u0000', '\u0007', '\u001b[31m', '\n', '\u0085', '\u202e', '\u2067', '\u200f', '\u2028'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this test looks for
const UNSAFE_ANYWHERE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});

describe('names and titles with control or direction characters', () => {
  it('are refused with a 400 naming the field, and nothing is stored', async () => {
    const partner = await aPartner();
    const code = uniqueCode('P');
    for (const bad of UNSAFE) {
      const label = JSON.stringify(bad);
      const createdPartner = await adminClient.call(
        routes.createPartner,
        { id: admin.id },
        {
          username: `Kiss${bad}FM`,
          email: uniqueEmail('partner'),
          password: FIXTURE_PASSWORD,
          search_string: code,
          mobile_money_number: '0777123456',
        },
      );
      expect(createdPartner.status, label).toBe(400);
      expect(createdPartner.body.fields?.username, label).toBe(messages.validation.plainText);

      const createdAnnouncer = await adminClient.call(
        routes.createAnnouncer,
        { id: admin.id },
        {
          username: `DJ${bad}Mike`,
          email: uniqueEmail('announcer'),
          password: FIXTURE_PASSWORD,
          search_string: uniqueCode('A'),
          mobile_money_number: '0777123456',
          partner_search_string: partner.SearchString,
        },
      );
      expect(createdAnnouncer.status, label).toBe(400);
      expect(createdAnnouncer.body.fields?.username, label).toBe(messages.validation.plainText);

      const promotion = await adminClient.call(
        routes.createPromotion,
        { id: admin.id },
        {
          promotion_title: `Big${bad}Win ${randomUUID().slice(0, 8)}`,
          promotion_prize_lrd: '100.00',
          promotion_prize_usd: '0.50',
        },
      );
      expect(promotion.status, label).toBe(400);
      expect(promotion.body.fields?.promotion_title, label).toBe(messages.validation.plainText);

      const category = await adminClient.call(
        routes.createPredictionCategory,
        { id: admin.id },
        { category: `Foot${bad}ball` },
      );
      expect(category.status, label).toBe(400);
    }
    // the refused partners' search string is still free: none was stored
    const clean = await adminClient.call(
      routes.createPartner,
      { id: admin.id },
      {
        username: 'Kiss FM',
        email: uniqueEmail('partner'),
        password: FIXTURE_PASSWORD,
        search_string: code,
        mobile_money_number: '0777123456',
      },
    );
    expect(clean.status, clean.text).toBe(201);
  }, 180_000);

  it('so a title cannot be changed to one, and the ticket SMS carries the clean title', async () => {
    const partner = await aPartner();
    const title = `Clean Title ${randomUUID().slice(0, 6)}`;
    const { promotion, sharedCode } = await aPromotionToDraw(
      adminClient,
      admin.id,
      partner,
      {},
      { promotion_title: title },
    );
    const renamed = await adminClient.call(
      routes.updatePromotion,
      { id: admin.id },
      {
        id: promotion.ID,
        promotion_title: `Evil\u202Eeltit`,
        promotion_prize_lrd: '100.00',
        promotion_prize_usd: '0.50',
      },
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields?.promotion_title).toBe(messages.validation.plainText);

    const { msisdn } = await aPaidEntryByCode(sharedCode);
    // the ticket SMS leaves after the payment settles: wait for it, not for a fixed time
    const texts = (
      await eventually(
        () => smsTo(msisdn),
        (messages) => messages.some((sms) => sms.text.includes(title)),
      )
    ).map((sms) => splitCheckCode(sms.text).text); // its text, less the check code's own line
    for (const text of texts) expect(text).not.toMatch(UNSAFE_ANYWHERE);
  }, 180_000);

  it('a plain name with accents and other scripts is still accepted', async () => {
    const created = await aPartner({ username: 'Radio Élan — 中文 FM' });
    expect(created.Username).toBe('Radio Élan — 中文 FM');
    const promotion = await aPromotion(adminClient, admin.id, { promotion_title: 'Ça va — Grand Prix' });
    expect(promotion.promotion_title).toBe('Ça va — Grand Prix');
    await anAnnouncer(created);
  }, 180_000);
});
