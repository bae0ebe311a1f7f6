import * as z from 'zod';
import { CURRENCIES } from '../../money';
import { publicDrawRecord } from './draws';
import { PAYOUT_KINDS, PAYOUT_STATUSES } from './payouts';
import { reportResponse } from './reports';
import { lazySchema } from './lazy-schema';

/**
 * The regulator's window (DESIGN section 7; issue 36 part 3): read-only,
 * every number masked. Money as "123.45" strings beside their currency.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = /* @__PURE__ */ lazySchema(() => z.string().trim().regex(DAY, 'A day such as 2026-11-25'));

/** One row of today's activity: the entries paid and the stakes refunded, beside the report's row of the same key. */
const activityRow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    key: z.string(),
    currency: z.enum(CURRENCIES),
    entries: z.number().int(),
    refunds: z.string(),
  }),
);

/** GET /regulator/{id}/live: today's figures, the report Reports shows for the day, and its activity. */
export const regulatorLiveResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    day: z.string(),
    report: reportResponse,
    activity: z.object({ byGame: z.array(activityRow), byPartner: z.array(activityRow) }),
  }),
);

/** GET /regulator/{id}/draws?day=: the day's draws as they happen, each its public record. */
export const regulatorDrawsQuery = /* @__PURE__ */ lazySchema(() => z.object({ day: dayField.optional() }));
export const regulatorDrawsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ day: z.string(), draws: z.array(publicDrawRecord) }),
);

/** GET /regulator/{id}/payouts: every payout and refund, newest first, the payee masked. */
export const regulatorPayoutsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ cursor: z.string().max(512, 'At most 512 characters').optional() }),
);
const regulatorPayout = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(PAYOUT_KINDS),
    status: z.enum(PAYOUT_STATUSES),
    amount: z.string(),
    currency: z.enum(CURRENCIES),
    promotion: z.string(),
    /** The payee's number, masked (DESIGN section 7). */
    to: z.string(),
    reason: z.string().optional(),
    startedAt: z.string(),
    finishedAt: z.string().optional(),
  }),
);
export const regulatorPayoutsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ payouts: z.array(regulatorPayout), cursor: z.string().optional() }),
);

/** GET /regulator/{id}/sealed?month=: the month's sealed days with their chain, as stored (a download). */
export const sealedDownloadQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}$/, 'A month such as 2026-11'),
  }),
);
export const sealedDownloadResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: z.string(),
    days: z.array(
      z.object({
        day: z.string(),
        report: z.unknown(),
        hash: z.string(),
        prevDay: z.string().optional(),
        prevHash: z.string(),
        sealedAt: z.string(),
      }),
    ),
  }),
);

/** GET /regulator/{id}/export?since=: the chained export (JSON Lines, shared/export-chain.ts). */
export const exportQuery = /* @__PURE__ */ lazySchema(() => z.object({ since: dayField }));

/** GET /regulator/{id}/feed?since=&after=&limit=: the same chain, a page of lines at a time (machine-readable). */
export const feedQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    since: dayField,
    /** The seq of the last line already read (0: from the start). */
    after: z.coerce.number().int('Whole number').min(0, 'At least 0').default(0),
    limit: z.coerce.number().int('Whole number').min(1, 'At least 1').max(1000, 'At most 1000').default(500),
  }),
);
const chainLine = /* @__PURE__ */ lazySchema(() =>
  z.object({
    seq: z.number().int(),
    kind: z.enum(['ledger', 'draw']),
    at: z.string(),
    id: z.string(),
    record: z.record(z.string(), z.unknown()),
    prevHash: z.string(),
    hash: z.string(),
  }),
);
export const feedResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    since: z.string(),
    lines: z.array(chainLine),
    /** The `after` of the next page, or null at the chain's end. */
    next: z.number().int().nullable(),
  }),
);

/** The support desk's complaint log as the regulator reads it (issue 36 part 3): the number masked, newest first. */
const regulatorComplaint = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    mobile_number: z.string(),
    summary: z.string(),
    status: z.enum(['open', 'resolved']),
    opened_at: z.string(),
    resolution: z.string().optional(),
    resolved_at: z.string().optional(),
  }),
);
export const regulatorComplaintsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ complaints: z.array(regulatorComplaint) }),
);
