import * as z from 'zod';
import { messages } from '../../messages';
import { mobileMoneyNumberField } from './staff';
import { requiredText } from './common';
import { lazySchema } from './lazy-schema';

/**
 * Pay partner and pay announcer (spec sections 5 and 7; DESIGN
 * sections 4 and 5). Bodies use the spec's field names; `account_balance` maps
 * a promotion — by its id, as `PromotionBalances` lists it; never by its
 * title, which may change or be reused (DESIGN section 7) — to the amount to
 * pay, a string of digits with an optional decimal point and at most 2 decimals.
 * The `Idempotency-Key` header makes a retried click pay once.
 */

/** Header names arrive lowercased (functions/platform/http-app.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** 8–128 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
export const IDEMPOTENCY_KEY_REQUIRED = 'Idempotency-Key header is required.';
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 8 to 128 visible characters.';

/** Spec section 5: "amount inputs accept only digits with an optional decimal point". */
const PAY_AMOUNT_PATTERN = /^\d{1,13}(\.\d{0,2})?$/;
const MAX_PROMOTIONS_PER_PAYMENT = 50;
const payAmountMessage = (promotion: string) =>
  `Enter an amount above 0 for "${promotion}": digits with an optional decimal point, at most 2 decimals.`;

/** Longer keys are no promotion id (ids are UUIDs or a house game's short name). */
const MAX_PROMOTION_KEY_LENGTH = 100;
export const unknownPromotionMessage = (promotion: string) => `No balance for promotion "${promotion}".`;

/**
 * "123.45" | "123." | "123" | 123.45 → cents above 0; anything else is
 * refused, naming the promotion; no promotion at all is the spec's
 * 'Please enter account balance values…' (spec section 5). The map is read from the parsed body's own
 * entries, never copied into a plain object first: a key such as
 * `__proto__` would vanish into the prototype and the request would pay
 * nothing yet succeed. Such a key is kept, and refused as an unknown
 * promotion by the payment (functions/modules/payouts/pay-from-balance.ts).
 */
const accountBalanceField = /* @__PURE__ */ lazySchema(() =>
  z
    .custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'Expected an object',
    )
    .transform((map, ctx) => {
      const entries = Object.entries(map);
      if (entries.length === 0) {
        ctx.addIssue({ code: 'custom', message: messages.validation.enterBalanceValues });
        return z.NEVER;
      }
      if (entries.length > MAX_PROMOTIONS_PER_PAYMENT) {
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_PROMOTIONS_PER_PAYMENT} promotions per payment` });
        return z.NEVER;
      }
      const amounts: Array<{ promotionId: string; amountCents: number }> = [];
      for (const [promotionId, value] of entries) {
        if (promotionId.length > MAX_PROMOTION_KEY_LENGTH) {
          ctx.addIssue({
            code: 'custom',
            message: unknownPromotionMessage(`${promotionId.slice(0, 40)}…`),
            path: [promotionId.slice(0, 40)],
          });
          return z.NEVER;
        }
        const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
        const match = PAY_AMOUNT_PATTERN.exec(text);
        const cents = match ? Number(text.split('.')[0]) * 100 + Number((text.split('.')[1] ?? '').padEnd(2, '0')) : 0;
        if (!match || cents <= 0) {
          ctx.addIssue({ code: 'custom', message: payAmountMessage(promotionId), path: [promotionId] });
          return z.NEVER;
        }
        amounts.push({ promotionId, amountCents: cents });
      }
      return amounts;
    }),
);

/** Absent or blank amounts: the spec's message, checked before any other field (spec section 5). */
export const PAY_REQUIRED = { fields: ['account_balance'], message: messages.validation.enterBalanceValues } as const;

// PUT /api/v1/admin/{id}/pay-partner
export const payPartnerRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    search_string: requiredText(40),
    username: z.string().trim().max(100).optional(),
    /** Where the money goes is the partner's stored number; a different one here is refused. */
    mobile_money_number: mobileMoneyNumberField.optional(),
    account_balance: accountBalanceField,
  }),
);

// PUT /api/v1/admin/{id}/pay-announcer
export const payAnnouncerRequest = /* @__PURE__ */ lazySchema(() =>
  payPartnerRequest.extend({
    /** The announcer's partner as the admin saw it; a different one is refused. */
    partner_search_string: z.string().trim().max(40).optional(),
  }),
);

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

/** One payout as answered: pending until the provider confirms it, then paid or failed (amount restored). */
const payoutView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    PromotionID: z.string(),
    /** The promotion's title when the payout was made (display only). */
    Promotion: z.string(),
    Amount: z.string(),
    Status: z.enum(PAYOUT_STATUSES),
    Reason: z.string().optional(),
  }),
);
export type PayoutView = z.infer<typeof payoutView>;

export const payResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Payouts: z.array(payoutView) }),
);
export type PayResponse = z.infer<typeof payResponse>;

export const PAYOUT_KINDS = ['prize', 'partner', 'announcer', 'refund'] as const;

/**
 * One payout as the admin Payouts screen lists it: amounts
 * are LRD "1200.00" strings; dates ISO; `Retryable` when it failed and was
 * not retried yet.
 */
const payoutRecordView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Kind: z.enum(PAYOUT_KINDS),
    /** The partner's or announcer's username; a prize's winner number. */
    Payee: z.string(),
    MobileNumber: z.string(),
    Promotion: z.string(),
    Amount: z.string(),
    Status: z.enum(PAYOUT_STATUSES),
    Reason: z.string().optional(),
    /** The provider's transaction id once paid. */
    Reference: z.string().optional(),
    StartedAt: z.string(),
    FinishedAt: z.string().optional(),
    Retryable: z.boolean(),
    RetryOf: z.string().optional(),
    RetriedAs: z.string().optional(),
  }),
);
export type PayoutRecordView = z.infer<typeof payoutRecordView>;

// GET /api/v1/admin/{id}/payouts?status=&kind=&cursor=
export const PAYOUTS_PAGE_SIZE = 25;
export const listPayoutsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.enum(PAYOUT_STATUSES).optional(),
    kind: z.enum(PAYOUT_KINDS).optional(),
    cursor: z.string().max(200).optional(),
  }),
);
export const payoutsPage = /* @__PURE__ */ lazySchema(() =>
  z.object({ Payouts: z.array(payoutRecordView), Cursor: z.string().optional() }),
);
export type PayoutsPage = z.infer<typeof payoutsPage>;

/** `admin/payouts` (live, shared/topics.ts): the newest payouts. */
export const recentPayoutsEvent = /* @__PURE__ */ lazySchema(() => z.object({ Payouts: z.array(payoutRecordView) }));

/**
 * A partner's or announcer's own statement (GET /api/v1/{partner|announcer}/{id}/statement):
 * credits by promotion and every payout, newest first, each line with the
 * balance after it. Amounts are LRD "1200.00" strings.
 */
const statementLine = /* @__PURE__ */ lazySchema(() =>
  z.object({
    At: z.string(),
    /** restored: a failed payout's amount back; refund: a refunded entry's share taken back (a cleared draw). */
    Kind: z.enum(['credit', 'payout', 'restored', 'refund']),
    Promotion: z.string(),
    /** Signed: a credit is positive, a payout negative. */
    Amount: z.string(),
    /** Credits: how many entries the line sums (one line per promotion and day). */
    Entries: z.number().int().optional(),
    /** Payouts: where the payout stands now. */
    Status: z.enum(PAYOUT_STATUSES).optional(),
    Reason: z.string().optional(),
    Balance: z.string(),
  }),
);
export const statementResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Credits: z.array(z.object({ Promotion: z.string(), Amount: z.string(), Entries: z.number().int() })),
    Lines: z.array(statementLine),
    Balance: z.string(),
  }),
);
export type StatementResponse = z.infer<typeof statementResponse>;
export type StatementLine = z.infer<typeof statementLine>;
