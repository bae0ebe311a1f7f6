import { partnerAnnouncersGroup } from '../../functions/modules/live/topic-groups';
import { describe, expect, it } from 'vitest';
import { topicNames } from '@shared/topics';
import type { ItemChange } from '../../functions/platform/item-change';
import { resolveTopic } from '../../functions/modules/live/topics';
import { adminDrawListTopic } from '../../functions/modules/live/topics/admin-draw-list';
import { adminOverviewTopic } from '../../functions/modules/live/topics/admin-overview';
import { announcerDashboardTopic } from '../../functions/modules/live/topics/announcer-dashboard';
import { partnerDashboardTopic } from '../../functions/modules/live/topics/partner-dashboard';
import type { StaffUser } from '../../functions/modules/staff/store/users';

/** Which changed items make the dashboards stale, decided from the stream images alone (no I/O), and who may read them. */
const dashboards = [adminOverviewTopic, adminDrawListTopic, partnerDashboardTopic, announcerDashboardTopic];
const topicsOf = (newImage: Record<string, unknown>, oldImage?: Record<string, unknown>) => {
  const change: ItemChange = { pk: String(newImage.pk), sk: String(newImage.sk), newImage, oldImage };
  return dashboards.flatMap((topic) => topic.affectedBy(change)).sort();
};

describe('dashboard topics: what affects them', () => {
  it('a paid entry’s platform counter refreshes the overview', () => {
    expect(topicsOf({ pk: 'COUNTER#PLATFORM#D', sk: '2027-01-02', entity: 'counter', owner: 'PLATFORM' })).toEqual([
      topicNames.adminOverview,
    ]);
  });

  it('a platform counter shard (settlement spreads the platform totals over shards) refreshes the overview', () => {
    expect(topicsOf({ pk: 'COUNTER#PLATFORM#3#D', sk: '2027-01-02', entity: 'counter', owner: 'PLATFORM#3' })).toEqual([
      topicNames.adminOverview,
    ]);
  });

  it('a paid entry’s assignment counter refreshes the draw list, that partner’s dashboard and its announcers’', () => {
    const counter = {
      pk: 'COUNTER#a1#W',
      sk: '2027-W01',
      entity: 'counter',
      owner: 'a1',
      assignmentId: 'a1',
      partnerId: 'p1',
    };
    expect(topicsOf(counter)).toEqual(
      [topicNames.adminDrawList, topicNames.partnerDashboard('p1'), partnerAnnouncersGroup('p1')].sort(),
    );
  });

  it('a payout paid (money-out counter) refreshes the overview only', () => {
    expect(topicsOf({ pk: 'COUNTER#MONEYOUT#Y', sk: '2027', entity: 'counter', owner: 'MONEYOUT' })).toEqual([
      topicNames.adminOverview,
    ]);
  });

  it('a partner’s balance refreshes its dashboard and the draw list; an announcer’s, its dashboard', () => {
    expect(topicsOf({ pk: 'USER#p1', sk: 'BALANCE#x', entity: 'balance', ownerRole: 'partner', userId: 'p1' })).toEqual(
      [topicNames.adminDrawList, topicNames.partnerDashboard('p1')].sort(),
    );
    expect(
      topicsOf({ pk: 'USER#n1', sk: 'BALANCE#x', entity: 'balance', ownerRole: 'announcer', userId: 'n1' }),
    ).toEqual([topicNames.announcerDashboard('n1')]);
  });

  it('a draw record refreshes the overview, its partner’s dashboard and its announcers’', () => {
    expect(topicsOf({ pk: 'DRAW#d1', sk: 'DRAW', entity: 'draw', partnerId: 'p1', payoutStatus: 'failed' })).toEqual(
      expect.arrayContaining([
        topicNames.adminOverview,
        topicNames.partnerDashboard('p1'),
        partnerAnnouncersGroup('p1'),
      ]),
    );
  });

  it('a tax filing or the fee rate refreshes the overview', () => {
    expect(topicsOf({ pk: 'TAXFILINGS', sk: 'x', entity: 'taxFiling' })).toEqual([topicNames.adminOverview]);
    expect(topicsOf({ pk: 'SETTINGS', sk: 'HOUSE', entity: 'settings' })).toEqual([topicNames.adminOverview]);
  });

  it('a checked-in announcer refreshes its own dashboard', () => {
    const announcer = { pk: 'USER#n1', sk: 'PROFILE', entity: 'user', role: 'announcer', id: 'n1', username: 'DJ' };
    expect(topicsOf({ ...announcer, lastCheckIn: '2027-01-02T00:00:00Z' }, announcer)).toEqual([
      topicNames.announcerDashboard('n1'),
    ]);
  });

  it('a partner’s rename refreshes the draw list and its dashboard; a payout record alone changes nothing shown', () => {
    const partner = { pk: 'USER#p1', sk: 'PROFILE', entity: 'user', role: 'partner', id: 'p1', username: 'Kiss' };
    expect(topicsOf({ ...partner, username: 'Kiss FM' }, partner)).toEqual(
      [topicNames.adminDrawList, topicNames.partnerDashboard('p1')].sort(),
    );
    expect(topicsOf({ pk: 'PAYOUT#x', sk: 'PAYOUT', entity: 'payout', status: 'pending' })).toEqual([]);
  });
});

describe('dashboard topics: who may read them', () => {
  const user = (role: StaffUser['role'], id: string, superAdmin = false) => ({ id, role, superAdmin }) as StaffUser;
  const canRead = (who: StaffUser, topic: string) => {
    const resolved = resolveTopic(topic)!;
    return resolved.definition.canRead(who, resolved.params);
  };

  it('every admin reads the overview; only super admins the draw list', () => {
    expect(canRead(user('admin', 'a'), topicNames.adminOverview)).toBe(true);
    expect(canRead(user('admin', 'a'), topicNames.adminDrawList)).toBe(false);
    expect(canRead(user('admin', 's', true), topicNames.adminDrawList)).toBe(true);
    expect(canRead(user('partner', 'p1'), topicNames.adminOverview)).toBe(false);
  });

  it('a partner reads only its own dashboard, an announcer only its own', () => {
    expect(canRead(user('partner', 'p1'), topicNames.partnerDashboard('p1'))).toBe(true);
    expect(canRead(user('partner', 'p1'), topicNames.partnerDashboard('p2'))).toBe(false);
    expect(canRead(user('announcer', 'p1'), topicNames.partnerDashboard('p1'))).toBe(false);
    expect(canRead(user('announcer', 'n1'), topicNames.announcerDashboard('n1'))).toBe(true);
    expect(canRead(user('announcer', 'n1'), topicNames.announcerDashboard('n2'))).toBe(false);
    expect(canRead(user('admin', 's', true), topicNames.announcerDashboard('n1'))).toBe(false);
  });
});
