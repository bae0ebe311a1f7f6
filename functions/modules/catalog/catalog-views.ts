import { formatMoney, percentageOf } from '@shared/money';
import type { HouseSettings } from '@shared/house-games';
import type { Assignment } from './store/assignments';
import type { Promotion } from './store/promotions';
import type { StaffUser } from '../staff';

/** A promotion on the wire (spec section 3 "Promotion"; money as "123.45" per DESIGN section 1). */
export function promotionView(p: Promotion) {
  return {
    ID: p.id,
    promotion_title: p.title,
    promotion_prize_lrd: formatMoney(p.priceLrdCents),
    promotion_prize_usd: formatMoney(p.priceUsdCents),
    Kind: p.kind,
    AssignmentCount: p.assignmentCount,
  };
}

/** A partner promotion on the wire (spec section 3 "Partner promotion assignment"). */
export function assignmentView(a: Assignment, promotion: Promotion | undefined, partner: StaffUser | undefined) {
  return {
    ID: a.id,
    Partner: partner?.searchString ?? '',
    PartnerID: a.partnerId,
    PartnerUsername: partner?.username ?? '',
    Promotion: { ID: a.promotionId, PromotionTitle: promotion?.title ?? '' },
    PartnerPercentage: percentageOf(a.partnerBp),
    AnnouncerPercentage: percentageOf(a.announcerBp),
    SharedCode: a.sharedCode ?? '',
    Server: a.server,
    Threshold: a.threshold,
    StartingThreshold: a.startingThreshold,
    WinnerAmount: formatMoney(a.winnerAmountCents),
    Status: a.status,
    PaidEntries: a.paidEntries,
  };
}

export function partnerOption(partner: StaffUser) {
  return { label: partner.username || partner.email || 'Unnamed Partner', value: partner.searchString ?? '' };
}

/** Settings on the wire: the same field names the PUT takes. */
export function settingsView(s: HouseSettings, version: number) {
  return {
    version,
    daily: {
      price_lrd: formatMoney(s.daily.priceLrdCents),
      price_usd: formatMoney(s.daily.priceUsdCents),
      prize_lrd: formatMoney(s.daily.prizeLrdCents),
      draw_time: s.daily.drawTime,
    },
    jackpot: {
      price_lrd: formatMoney(s.jackpot.priceLrdCents),
      price_usd: formatMoney(s.jackpot.priceUsdCents),
      base_prize_lrd: formatMoney(s.jackpot.basePrizeLrdCents),
      stake_share_percentage: percentageOf(s.jackpot.stakeShareBp),
      prize_cap_lrd: formatMoney(s.jackpot.prizeCapLrdCents),
      draw_weekday: s.jackpot.drawWeekday,
      draw_time: s.jackpot.drawTime,
    },
    usd_to_lrd_rate: (s.usdToLrdRateMilli / 1000).toFixed(3),
    mobile_network_fee_percentage: percentageOf(s.mobileNetworkFeeBp),
    daily_spend_limit_lrd: formatMoney(s.dailySpendLimitLrdCents),
  };
}
