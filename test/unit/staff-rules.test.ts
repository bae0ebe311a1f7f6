import { describe, expect, it } from 'vitest';
import { createPartnerRequest, updateAnnouncerRequest, updatePartnerRequest } from '@shared/api/schemas/staff';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import {
  accountBalanceOf,
  promotionBalancesOf,
  announcerDeletionRefusal,
  announcerRecord,
  endsSessions,
  partnerDeletionRefusal,
  partnerOptionOf,
  partnerRecord,
} from '../../functions/modules/staff/staff-rules';
import type { StaffUser } from '../../functions/modules/staff/store/users';

const partner: StaffUser = {
  id: 'p1',
  email: 'kiss@fm.lr',
  username: 'Kiss FM',
  role: 'partner',
  superAdmin: false,
  passwordHash: 'scrypt$secret',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  searchString: 'KISS',
  mobileMoneyNumber: '231777123456',
};

describe('deleting a partner', () => {
  const none = { balances: [], assignments: 0, announcers: 0 };

  it('is allowed with no balance, assignment or announcer', () => {
    expect(partnerDeletionRefusal(none)).toBeUndefined();
    expect(
      partnerDeletionRefusal({ ...none, balances: [{ promotionId: 'p1', promotionTitle: 'A', amountCents: 0 }] }),
    ).toBeUndefined();
  });

  it('is refused with a reason for each tie', () => {
    expect(
      partnerDeletionRefusal({ ...none, balances: [{ promotionId: 'p2', promotionTitle: 'A', amountCents: 1 }] }),
    ).toBe('This partner cannot be deleted: it still has a positive account balance (pay it out first).');
    expect(partnerDeletionRefusal({ ...none, assignments: 2 })).toBe(
      'This partner cannot be deleted: it still has 2 assigned promotions (unassign first).',
    );
    expect(
      partnerDeletionRefusal({
        balances: [{ promotionId: 'p3', promotionTitle: 'A', amountCents: 5 }],
        assignments: 1,
        announcers: 3,
      }),
    ).toBe(
      'This partner cannot be deleted: it still has a positive account balance (pay it out first), 1 assigned promotion (unassign first) and 3 announcers (delete or move them first).',
    );
  });
});

describe('deleting an announcer', () => {
  it('is refused only while money is owed to it', () => {
    expect(announcerDeletionRefusal([{ promotionId: 'p4', promotionTitle: 'A', amountCents: 0 }])).toBeUndefined();
    expect(announcerDeletionRefusal([{ promotionId: 'p5', promotionTitle: 'A', amountCents: 1 }])).toMatch(
      /positive account balance/,
    );
  });
});

describe('records on the wire', () => {
  it('shows balances per promotion title as 2-decimal strings, adding equal titles', () => {
    expect(
      accountBalanceOf([
        { promotionId: 'p6', promotionTitle: 'Morning', amountCents: 12345 },
        { promotionId: 'p7', promotionTitle: 'Evening', amountCents: 5 },
        { promotionId: 'p8', promotionTitle: 'Morning', amountCents: 100 },
      ]),
    ).toEqual({ Morning: '124.45', Evening: '0.05' });
  });

  it('keeps two promotions that share a title apart by id in PromotionBalances, sorted by title', () => {
    expect(
      promotionBalancesOf([
        { promotionId: 'renamed', promotionTitle: 'Morning', amountCents: 12345 },
        { promotionId: 'evening', promotionTitle: 'Evening', amountCents: 5 },
        { promotionId: 'new', promotionTitle: 'Morning', amountCents: 100 },
      ]),
    ).toEqual([
      { PromotionID: 'evening', Promotion: 'Evening', Amount: '0.05' },
      { PromotionID: 'new', Promotion: 'Morning', Amount: '1.00' },
      { PromotionID: 'renamed', Promotion: 'Morning', Amount: '123.45' },
    ]);
  });

  it('lists a partner in the spec field names, without its password hash', () => {
    const record = partnerRecord(partner, [{ promotionId: 'p9', promotionTitle: 'Daily', amountCents: 250000 }]);
    expect(record).toEqual({
      ID: 'p1',
      Username: 'Kiss FM',
      Email: 'kiss@fm.lr',
      SearchString: 'KISS',
      MobileMoneyNumber: '231777123456',
      AccountBalance: { Daily: '2500.00' },
      PromotionBalances: [{ PromotionID: 'p9', Promotion: 'Daily', Amount: '2500.00' }],
      Role: 'partner',
    });
    expect(JSON.stringify(record)).not.toContain('scrypt');
  });

  it('lists an announcer with its partner code and null when checked out', () => {
    const announcer = { ...partner, id: 'a1', role: 'announcer' as const, searchString: 'DJ1' };
    expect(announcerRecord(announcer, 'KISS', [])).toMatchObject({ PartnerSearchString: 'KISS', LastCheckIn: null });
    expect(announcerRecord({ ...announcer, lastCheckIn: '2025-02-02T10:00:00.000Z' }, undefined, [])).toMatchObject({
      PartnerSearchString: '',
      LastCheckIn: '2025-02-02T10:00:00.000Z',
    });
  });

  it("labels a partner option with its username, else a fallback name, else 'Unnamed Partner'", () => {
    expect(partnerOptionOf(partner)).toEqual({ label: 'Kiss FM', value: 'KISS' });
    expect(partnerOptionOf({ ...partner, username: '  ' })).toEqual({ label: 'kiss@fm.lr', value: 'KISS' });
    expect(partnerOptionOf({ ...partner, username: '', email: '' })).toEqual({
      label: 'Unnamed Partner',
      value: 'KISS',
    });
  });
});

describe('sessions after an update', () => {
  it('end when the password or the email changes, not otherwise', () => {
    expect(endsSessions(partner, { email: partner.email, passwordChanged: false })).toBe(false);
    expect(endsSessions(partner, { email: partner.email, passwordChanged: true })).toBe(true);
    expect(endsSessions(partner, { email: 'new@fm.lr', passwordChanged: false })).toBe(true);
  });
});

describe('partner and announcer forms', () => {
  const body = {
    username: '  Kiss FM ',
    email: ' KISS@FM.LR ',
    password: 'long-enough',
    search_string: 'KISS_FM-1',
    mobile_money_number: '+231 777 123 456',
  };

  it('normalises the mobile number, email and whitespace', () => {
    expect(createPartnerRequest.parse(body)).toEqual({
      username: 'Kiss FM',
      email: 'kiss@fm.lr',
      password: 'long-enough',
      search_string: 'KISS_FM-1',
      mobile_money_number: '231777123456',
    });
  });

  it('refuses a foreign mobile number with the Liberian-number message', () => {
    const result = createPartnerRequest.safeParse({ ...body, mobile_money_number: '+44 7700 900123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_MOBILE_NUMBER);
  });

  it('caps lengths and keeps search strings to letters, digits, - and _', () => {
    expect(createPartnerRequest.safeParse({ ...body, username: 'x'.repeat(101) }).success).toBe(false);
    expect(createPartnerRequest.safeParse({ ...body, search_string: 'x'.repeat(41) }).success).toBe(false);
    expect(createPartnerRequest.safeParse({ ...body, search_string: 'KISS FM' }).success).toBe(false);
    expect(createPartnerRequest.safeParse({ ...body, search_string: 'KISS#1' }).success).toBe(false);
  });

  it('treats an empty, null or absent password on update as "keep the old one"', () => {
    const update = { ...body, id: 'p1' };
    for (const password of ['', null, undefined]) {
      expect(updatePartnerRequest.parse({ ...update, password }).password).toBeUndefined();
    }
    expect(updatePartnerRequest.parse(update).password).toBe('long-enough');
    expect(updatePartnerRequest.safeParse({ ...update, password: 'short' }).success).toBe(false);
  });

  it("treats an empty announcer partner as 'keep the current partner'", () => {
    const update = { ...body, id: 'a1', password: '' };
    expect(
      updateAnnouncerRequest.parse({ ...update, partner_search_string: '' }).partner_search_string,
    ).toBeUndefined();
    expect(updateAnnouncerRequest.parse({ ...update, partner_search_string: ' KISS ' }).partner_search_string).toBe(
      'KISS',
    );
  });
});
