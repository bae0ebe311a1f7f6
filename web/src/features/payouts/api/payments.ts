/**
 * Pay partner and pay announcer (spec section 7 "Admin writes"; DESIGN
 * section 5): money-moving calls, so each carries an `Idempotency-Key` header
 * — the same key never pays twice, which makes a retried confirm safe.
 */
import { payoutRoutes as routes } from '@shared/api/routes/payouts';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { callRoute } from '@web/lib/api-routes';

/** Promotion id → amount to pay, "123.45" (the ids of the record's `PromotionBalances`). */
export type PaymentAmounts = Record<string, string>;

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export const payPartner = (adminId: string, partner: PartnerRecord, amounts: PaymentAmounts, idempotencyKey: string) =>
  callRoute(
    routes.payPartner,
    { id: adminId },
    {
      body: {
        search_string: partner.SearchString,
        username: partner.Username,
        mobile_money_number: partner.MobileMoneyNumber,
        account_balance: amounts,
      },
      headers: idempotent(idempotencyKey),
    },
  );

export const payAnnouncer = (
  adminId: string,
  announcer: AnnouncerRecord,
  amounts: PaymentAmounts,
  idempotencyKey: string,
) =>
  callRoute(
    routes.payAnnouncer,
    { id: adminId },
    {
      body: {
        username: announcer.Username,
        search_string: announcer.SearchString,
        partner_search_string: announcer.PartnerSearchString,
        mobile_money_number: announcer.MobileMoneyNumber,
        account_balance: amounts,
      },
      headers: idempotent(idempotencyKey),
    },
  );

/** A fresh key per confirmed payment (a random UUID). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; build a v4 UUID from random bytes otherwise
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
