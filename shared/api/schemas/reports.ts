import * as z from 'zod';
import { GAME_KINDS } from '../../games';
import { messages } from '../../messages';
import { CURRENCIES } from '../../money';
import { lazySchema } from './lazy-schema';

/**
 * Regulator and tax reports (DESIGN section 4 "Tax"; functions/modules/reports/report.ts):
 * money as "123.45" strings with their currency beside them, never mixed.
 */
export const PERIOD_KINDS = ['day', 'week', 'month'] as const;
const REPORT_FIGURES = ['stakes', 'prizes'] as const;
const REPORT_SCOPES = ['game', 'partner', 'all'] as const;

// GET /api/v1/admin/{id}/reports, /reports/csv: ?period=day&value=2026-11-25 (any problem: the period rule)
export const reportQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    period: z.enum(PERIOD_KINDS, { error: messages.reports.badPeriod }),
    value: z.string({ error: messages.reports.badPeriod }).trim().max(10, messages.reports.badPeriod),
  }),
);
export type ReportQuery = z.infer<typeof reportQuery>;

// GET /api/v1/admin/{id}/reports/lines: the lines one figure is the sum of
export const reportLinesQuery = /* @__PURE__ */ lazySchema(() =>
  reportQuery.extend({
    figure: z.enum(REPORT_FIGURES),
    scope: z.enum(REPORT_SCOPES),
    /** The promotion id (scope game) or partner id (scope partner). */
    key: z.string().trim().max(100).optional(),
    currency: z.enum(CURRENCIES),
    limit: z.coerce.number().int('Whole number').min(1, 'At least 1').max(200, 'At most 200').default(50),
    cursor: z.string().max(512, 'At most 512 characters').optional(),
  }),
);

// GET /api/v1/admin/{id}/reports/seals?month=2026-11
export const sealsQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}$/, 'A month such as 2026-11'),
  }),
);

const figures = {
  currency: z.enum(CURRENCIES),
  stakes: z.string(),
  prizesPaid: z.string(),
  prizesOwed: z.string(),
  ggr: z.string(),
  tax: z.string(),
};
const reportTotals = /* @__PURE__ */ lazySchema(() => z.object(figures));
const reportRow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    game: z.enum(GAME_KINDS),
    ...figures,
    drawIds: z.array(z.string()),
  }),
);
export type ReportRowView = z.infer<typeof reportRow>;

const SEAL_STATUSES = ['intact', 'record-edited', 'chain-broken', 'data-changed'] as const;

export const reportResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    period: z.object({ kind: z.enum(PERIOD_KINDS), value: z.string(), from: z.string(), to: z.string() }),
    byGame: z.array(reportRow),
    byPartner: z.array(reportRow),
    totals: z.array(reportTotals),
    /** LRD values (USD at each entry's booked rate): the tax analytics form's basis, as on the overview. */
    filing: z.object({ stakesValueLrd: z.string(), prizesLrd: z.string(), ggrLrd: z.string(), taxLrd: z.string() }),
    /** The tax analytics form's four fields for this period and its year to date. */
    taxPrefill: z.object({
      currentBonusGiveaway: z.string(),
      totalYDGiveaway: z.string(),
      currentPaymentToGovt: z.string(),
      yDOfThe20Percent: z.string(),
    }),
    /** Day reports: whether the day is sealed, and its hash. */
    seal: z.object({ sealed: z.boolean(), hash: z.string().optional(), sealedAt: z.string().optional() }).nullable(),
  }),
);
export type ReportResponse = z.infer<typeof reportResponse>;

const stakeLine = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kind: z.literal('entry'),
    /** The entry (the line's ref). */
    id: z.string(),
    /** The game-ledger line this is (functions/modules/ledger/game-ledger-rules.ts): the figure is the sum of such lines. */
    line: z.string(),
    at: z.string(),
    currency: z.enum(CURRENCIES),
    amount: z.string(),
    assignmentId: z.string(),
    promotionId: z.string(),
    partnerId: z.string(),
    mobileNumber: z.string(),
  }),
);
const prizeLine = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kind: z.literal('draw'),
    /** The draw (the line's ref). */
    id: z.string(),
    /** The game-ledger line: the prize's paid line when paid in the period, else its awarded (owed) line. */
    line: z.string(),
    at: z.string(),
    currency: z.literal('LRD'),
    amount: z.string(),
    assignmentId: z.string(),
    promotionId: z.string(),
    partnerId: z.string(),
    paid: z.boolean(),
  }),
);
export const reportLinesResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(z.discriminatedUnion('kind', [stakeLine, prizeLine])),
    /** The lines' sum on this page, and null or the cursor of the next page. */
    pageTotal: z.string(),
    cursor: z.string().nullable(),
  }),
);
export type ReportLinesResponse = z.infer<typeof reportLinesResponse>;

export const sealsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: z.string(),
    status: z.enum(['intact', 'changed', 'none']),
    days: z.array(z.object({ day: z.string(), hash: z.string(), status: z.enum(SEAL_STATUSES) })),
  }),
);
export type SealsResponse = z.infer<typeof sealsResponse>;
