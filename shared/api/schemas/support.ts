import * as z from 'zod';
import { EXCLUSION_PERIODS } from '../../responsible-play';
import { messages } from '../../messages';
import { identityCheckView } from './held-prizes';
import { lazySchema } from './lazy-schema';

/**
 * The support desk (DESIGN section 7, issue "Player support desk"): a player
 * looked up by one of four keys, the player's whole story, and the desk's
 * confirmed, reasoned and audit-logged actions. Money on the wire is a
 * 2-decimal string (DESIGN section 1).
 */

export const LOOKUP_KEYS = ['mobile', 'ticket', 'entry', 'reference'] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];

const reason = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: messages.support.reasonRequired })
    .trim()
    .min(3, messages.support.reasonRequired)
    .max(500, messages.support.reasonTooLong),
);

export const lookupQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    by: z.enum(LOOKUP_KEYS, { message: messages.support.badKey }),
    q: z.string().trim().min(1, messages.support.notFound).max(100, messages.support.notFound),
  }),
);
export const reasonBody = /* @__PURE__ */ lazySchema(() => z.object({ reason }));
export const deskExcludeBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    period: z.enum(EXCLUSION_PERIODS, { message: messages.responsiblePlay.badPeriod }),
    reason,
  }),
);
export const complaintBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: z.string().max(32),
    entry_id: z.string().max(100).optional(),
    summary: z.string().trim().min(3, messages.support.summaryRequired).max(2000),
    /** Given: noted as resolved at once; left out: open until resolved. */
    resolution: z.string().trim().max(2000).optional(),
  }),
);
export const resolveBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    resolution: z.string().trim().min(3, messages.support.resolutionRequired).max(2000),
  }),
);
/** GMT days, inclusive. */
export const periodQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string().regex(/^\d{4}-\d\d-\d\d$/, messages.support.badPeriod),
    to: z.string().regex(/^\d{4}-\d\d-\d\d$/, messages.support.badPeriod),
  }),
);
export const EXPORT_KINDS = ['payouts', 'winners', 'statements', 'audit', 'complaints'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const OUTCOMES = ['won', 'waiting', 'lost', 'carried', 'refunded', 'pending', 'failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

const smsView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    purpose: z.string(),
    text: z.string(),
    state: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number(),
    /** Whether the desk may send it again (failed, or sent and of the player's money story). */
    resendable: z.boolean(),
    created_at: z.string(),
    sent_at: z.string().optional(),
    failed_at: z.string().optional(),
    last_error: z.string().optional(),
  }),
);
export type SmsView = z.infer<typeof smsView>;

const payoutView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    amount: z.string(),
    currency: z.string(),
    status: z.enum(['pending', 'paid', 'failed']),
    reason: z.string().optional(),
    created_at: z.string(),
    paid_at: z.string().optional(),
    failed_at: z.string().optional(),
    requested_by: z.string(),
  }),
);
export type PayoutView = z.infer<typeof payoutView>;

const entryView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    created_at: z.string(),
    channel: z.enum(['web', 'ussd']),
    game: z.string(),
    promotion: z.string(),
    amount: z.string(),
    currency: z.string(),
    provider: z.string(),
    /** The product's own state of the payment. */
    status: z.enum(['pending', 'paid', 'failed']),
    reason: z.string().optional(),
    outcome: z.enum(OUTCOMES),
    ticket: z.string().optional(),
    draw_id: z.string().optional(),
    late_success_at: z.string().optional(),
    /** Failed and never resolved: the provider may still have taken the money (re-ask; refund when SUCCESSFUL). */
    may_be_orphan: z.boolean(),
    refund: payoutView.optional(),
    prize: payoutView.optional(),
    sms: z.array(smsView),
  }),
);
export type EntryView = z.infer<typeof entryView>;

const complaintView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    mobile_number: z.string(),
    entry_id: z.string().optional(),
    summary: z.string(),
    status: z.enum(['open', 'resolved']),
    resolution: z.string().optional(),
    opened_at: z.string(),
    opened_by: z.string(),
    resolved_at: z.string().optional(),
    resolved_by: z.string().optional(),
  }),
);
export type ComplaintView = z.infer<typeof complaintView>;

/** A prize the number won that could not be paid (issue 36 part 4): the desk records the winner's identity check. */
const heldPrizeView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    promotion: z.string(),
    amount: z.string(),
    ticket: z.string(),
    reason: z.string(),
    claim_deadline: z.string(),
    identity_check: identityCheckView.optional(),
  }),
);
export type HeldPrizeView = z.infer<typeof heldPrizeView>;

export const playerStoryResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: z.string(),
    provider: z.string(),
    exclusion: z.object({
      excluded: z.boolean(),
      permanent: z.boolean(),
      until: z.string().optional(),
      by: z.enum(['player', 'admin']).optional(),
      since: z.string().optional(),
    }),
    limits: z.object({ own_daily_limit: z.string().optional(), spent_today: z.string() }),
    entries: z.array(entryView),
    complaints: z.array(complaintView),
    /** Its prizes held for a claim, soonest deadline first. */
    held_prizes: z.array(heldPrizeView),
  }),
);
export type PlayerStory = z.infer<typeof playerStoryResponse>;

export const providerStatusResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    entry_id: z.string(),
    provider: z.string(),
    status: z.enum(['SUCCESSFUL', 'PENDING', 'FAILED', 'UNREACHABLE']),
    reason: z.string().optional(),
    financial_transaction_id: z.string().optional(),
    /** SUCCESSFUL for an entry the product failed and never resolved: the refund action applies. */
    refundable: z.boolean(),
    asked_at: z.string(),
  }),
);
export type ProviderStatusView = z.infer<typeof providerStatusResponse>;

export const refundResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    outcome: z.enum(['refunded', 'already-resolved']),
    payout_id: z.string().optional(),
  }),
);
export const complaintResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Complaint: complaintView }),
);

const attentionItem = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kind: z.enum(['debit-without-outcome', 'failed-sms', 'failed-payout', 'late-success', 'open-complaint']),
    mobile_number: z.string(),
    ref: z.string(),
    at: z.string(),
    detail: z.string(),
  }),
);
export type AttentionItem = z.infer<typeof attentionItem>;
export const attentionResponse = /* @__PURE__ */ lazySchema(() => z.object({ Items: z.array(attentionItem) }));
