import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import type { AnnouncerRecord, PartnerRecord, PromotionBalanceView } from '@shared/api/schemas/staff';

/** A promotion id for a fixture title: 'Friday Draw' → 'promo-friday-draw'. */
export const promoId = (title: string) => `promo-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A record's balances as the server sends them: the spec's title map and the list by promotion id. */
export function balancesOf(byTitle: Record<string, string>): {
  AccountBalance: Record<string, string>;
  PromotionBalances: PromotionBalanceView[];
} {
  return {
    AccountBalance: byTitle,
    PromotionBalances: Object.entries(byTitle).map(([title, amount]) => ({
      PromotionID: promoId(title),
      Promotion: title,
      Amount: amount,
    })),
  };
}

/** An announcer as the admin/announcers topic lists it: DJ Blaze of Kiss FM, never checked in. */
export const anAnnouncer = (overrides: Partial<AnnouncerRecord> = {}): AnnouncerRecord => ({
  ID: 'a-1',
  Username: 'DJ Blaze',
  Email: 'blaze@kissfm.lr',
  MobileMoneyNumber: '231886000001',
  SearchString: 'BLAZE',
  PartnerSearchString: 'KISS',
  LastCheckIn: null,
  ...balancesOf({}),
  ...overrides,
});

/** A partner as the admin/partners topic lists it: Kiss FM, with balances on three promotions. */
export const aPartner = (overrides: Partial<PartnerRecord> = {}): PartnerRecord => ({
  ID: 'p-1',
  Username: 'Kiss FM',
  Email: 'desk@kissfm.lr',
  SearchString: 'KISS',
  MobileMoneyNumber: '231770000001',
  ...balancesOf({ 'Friday Draw': '50.00', 'Sunday Jackpot': '20.50', Closed: '0.00' }),
  Role: 'partner',
  ...overrides,
});

/** A Draw tab row as admin/draw-list sends it: Kiss FM's Friday Cash, 7 entries in the draw of the 5 it needs. */
export function aDrawRow(overrides: Partial<PartnerDrawSummary> = {}): PartnerDrawSummary {
  return {
    AssignmentID: 'as-1',
    PartnerID: 'p-1',
    PartnerUsername: 'Kiss FM',
    PartnerCurrentTotal: 7,
    Percentage: 70,
    PromotionTitle: 'Friday Cash',
    WeeklyCount: 40,
    MonetaryValue: '1234.50',
    Threshold: 10,
    StartingThreshold: 5,
    PartnerSearchString: 'KISSFM',
    PromotionID: 'promo-1',
    SharedCode: '1234567890',
    WindowCommitment: `${'c0ffee'.repeat(10)}abcd`,
    WindowEntries: 7,
    RequiredEntries: 5,
    WinnerAmount: '5000.00',
    ...overrides,
  };
}
