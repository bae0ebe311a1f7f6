import { describe, expect, it } from 'vitest';
import { topicNames } from '@shared/topics';
import type { ItemChange } from '../../functions/platform/item-change';
import { adminAnnouncersTopic } from '../../functions/modules/live/topics/admin-announcers';
import { adminPartnerOptionsTopic } from '../../functions/modules/live/topics/admin-partner-options';
import { adminPartnersTopic } from '../../functions/modules/live/topics/admin-partners';
import type { StaffUser } from '../../functions/modules/staff/store/users';

/** Which changed items make the staff lists stale (pure: decided from the stream images alone). */
const partnerItem = {
  pk: 'USER#p1',
  sk: 'PROFILE',
  entity: 'user',
  role: 'partner',
  username: 'Kiss',
  email: 'k@fm.lr',
  searchString: 'KISS',
  mobileMoneyNumber: '231777123456',
};
const announcerItem = {
  pk: 'USER#a1',
  sk: 'PROFILE',
  entity: 'user',
  role: 'announcer',
  username: 'DJ',
  email: 'dj@fm.lr',
  searchString: 'DJ1',
  partnerId: 'p1',
};

const change = (oldImage?: Record<string, unknown>, newImage?: Record<string, unknown>): ItemChange => ({
  pk: String((newImage ?? oldImage)?.pk),
  sk: String((newImage ?? oldImage)?.sk),
  oldImage,
  newImage,
});

const topicsOf = (c: ItemChange) =>
  [adminPartnersTopic, adminAnnouncersTopic, adminPartnerOptionsTopic].flatMap((topic) => topic.affectedBy(c)).sort();

describe('staff topics: what affects them', () => {
  it('a new or deleted partner refreshes the partner list and options', () => {
    const expected = [topicNames.adminPartnerOptions, topicNames.adminPartners].sort();
    expect(topicsOf(change(undefined, partnerItem))).toEqual(expected);
    expect(topicsOf(change(partnerItem, undefined))).toEqual(expected);
  });

  it("a partner's code change also refreshes the announcer list", () => {
    expect(topicsOf(change(partnerItem, { ...partnerItem, searchString: 'KISS2' }))).toEqual(
      [topicNames.adminAnnouncers, topicNames.adminPartnerOptions, topicNames.adminPartners].sort(),
    );
  });

  it("a partner's mobile number change refreshes only the partner list", () => {
    expect(topicsOf(change(partnerItem, { ...partnerItem, mobileMoneyNumber: '231886000000' }))).toEqual([
      topicNames.adminPartners,
    ]);
  });

  it("a partner's announcer or assignment count changes nothing listed", () => {
    expect(topicsOf(change(partnerItem, { ...partnerItem, announcerCount: 1 }))).toEqual([]);
    expect(topicsOf(change(partnerItem, { ...partnerItem, assignmentCount: 2 }))).toEqual([]);
  });

  it('an announcer check-in refreshes only the announcer list', () => {
    expect(topicsOf(change(announcerItem, { ...announcerItem, lastCheckIn: '2025-01-01T00:00:00.000Z' }))).toEqual([
      topicNames.adminAnnouncers,
    ]);
  });

  it("balances refresh the list of their owner's role", () => {
    const balance = { pk: 'USER#p1', sk: 'BALANCE#x', entity: 'balance', amountCents: 100 };
    expect(topicsOf(change(undefined, { ...balance, ownerRole: 'partner' }))).toEqual([topicNames.adminPartners]);
    expect(topicsOf(change(undefined, { ...balance, ownerRole: 'announcer' }))).toEqual([topicNames.adminAnnouncers]);
  });

  it("a promotion's new title refreshes both lists (balances are listed under current titles); other promotion changes do not", () => {
    const promotion = { pk: 'PROMO#x', sk: 'PROMOTION', entity: 'promotion', title: 'Morning', priceLrdCents: 100 };
    expect(topicsOf(change(promotion, { ...promotion, title: 'Morning II' }))).toEqual([
      topicNames.adminAnnouncers,
      topicNames.adminPartners,
    ]);
    expect(topicsOf(change(promotion, { ...promotion, priceLrdCents: 200 }))).toEqual([]);
  });

  it('admins, sessions and ledger lines refresh nothing', () => {
    expect(
      topicsOf(change(undefined, { pk: 'USER#x', sk: 'PROFILE', entity: 'user', role: 'admin', username: 'a' })),
    ).toEqual([]);
    expect(topicsOf(change(undefined, { pk: 'LEDGER#p1', sk: 't#u', entity: 'ledger', ownerRole: 'partner' }))).toEqual(
      [],
    );
  });

  it('only super admins may read them', () => {
    const user = (role: StaffUser['role'], superAdmin: boolean) => ({ role, superAdmin }) as StaffUser;
    for (const topic of [adminPartnersTopic, adminAnnouncersTopic, adminPartnerOptionsTopic]) {
      expect(topic.canRead(user('admin', true), {})).toBe(true);
      expect(topic.canRead(user('admin', false), {})).toBe(false);
      expect(topic.canRead(user('partner', false), {})).toBe(false);
      expect(topic.canRead(user('announcer', false), {})).toBe(false);
    }
  });
});
