import * as z from 'zod';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '../../phone';
import { emailField, newPasswordField, plainText, requiredText } from './common';
import { lazySchema } from './lazy-schema';

/**
 * Partners and announcers (spec sections 3, 5, 7). Request bodies use
 * the spec's field names (section 7 "Admin writes"); records use its entity
 * field names (section 3).
 *
 * Each form is checked in two steps: first that every field the spec marks
 * required is filled (`…Required` lists; else the spec's message 'All fields
 * with * must be filled.' or 'Missing some important fields'), then each
 * field's format (the schema).
 */

const usernameField = /* @__PURE__ */ lazySchema(() => requiredText(100));

/** A partner's or announcer's public code: one namespace for both (DESIGN section 4). */
const searchStringField = /* @__PURE__ */ lazySchema(() =>
  requiredText(40).regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, - and _'),
);

/** DESIGN section 1: Liberian numbers only, stored as 231XXXXXXXXX. */
export const mobileMoneyNumberField = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .max(32, INVALID_MOBILE_NUMBER)
    .transform((value, ctx) => {
      const normalized = normalizeMobileNumber(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: INVALID_MOBILE_NUMBER });
        return z.NEVER;
      }
      return normalized;
    }),
);

/** On update an empty or absent password keeps the old one (spec section 5). */
const keptOrNewPassword = /* @__PURE__ */ lazySchema(() =>
  z
    .union([z.literal(''), newPasswordField])
    .nullish()
    .transform((value) => (value ? value : undefined)),
);

const userId = /* @__PURE__ */ lazySchema(() => requiredText(100));

// ── partners ────────────────────────────────────────────────────────────────

/** Spec section 5: all five required on create. */
export const createPartnerRequired = ['username', 'email', 'password', 'search_string', 'mobile_money_number'] as const;
export const createPartnerRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    search_string: searchStringField,
    mobile_money_number: mobileMoneyNumberField,
  }),
);
export type CreatePartnerRequest = z.input<typeof createPartnerRequest>;

/** Everything but the password (empty keeps the old one). */
export const updatePartnerRequired = ['id', 'username', 'email', 'search_string', 'mobile_money_number'] as const;
export const updatePartnerRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: userId,
    username: usernameField,
    email: emailField,
    search_string: searchStringField,
    mobile_money_number: mobileMoneyNumberField,
    password: keptOrNewPassword,
  }),
);
export type UpdatePartnerRequest = z.input<typeof updatePartnerRequest>;

/** Delete partner, delete / check in / check out announcer: by `search_string`. */
export const searchStringRequest = /* @__PURE__ */ lazySchema(() => z.object({ search_string: requiredText(40) }));

// ── announcers ──────────────────────────────────────────────────────────────

/** Spec section 5: the five fields, and the partner (required in the form). */
export const createAnnouncerRequired = [...createPartnerRequired, 'partner_search_string'] as const;
export const createAnnouncerRequest = /* @__PURE__ */ lazySchema(() =>
  createPartnerRequest.extend({ partner_search_string: requiredText(40) }),
);
export type CreateAnnouncerRequest = z.input<typeof createAnnouncerRequest>;

/** Spec section 5: username, email, mobile money number, search string (and which announcer). */
export const updateAnnouncerRequired = [...updatePartnerRequired] as const;
export const updateAnnouncerRequest = /* @__PURE__ */ lazySchema(() =>
  updatePartnerRequest.extend({
    /** Absent or empty keeps the announcer's partner. */
    partner_search_string: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .nullish()
      .transform((value) => (value ? value : undefined)),
  }),
);
export type UpdateAnnouncerRequest = z.input<typeof updateAnnouncerRequest>;

// ── records (responses and live topics) ─────────────────────────────────────

/** Promotion title → balance in LRD, "123.45" (spec section 3 "AccountBalance"). */
const accountBalance = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.string()));

/**
 * One balance by promotion id, with the title to show (DESIGN section 7:
 * money is keyed by ids). `AccountBalance` is the spec's display map; a
 * payment names promotions by these ids, so two promotions sharing a title
 * (one renamed, one new) stay apart and both payable.
 */
const promotionBalanceView = /* @__PURE__ */ lazySchema(() =>
  z.object({ PromotionID: z.string(), Promotion: z.string(), Amount: z.string() }),
);
export type PromotionBalanceView = z.infer<typeof promotionBalanceView>;

const partnerRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Username: z.string(),
    Email: z.string(),
    SearchString: z.string(),
    MobileMoneyNumber: z.string(),
    AccountBalance: accountBalance,
    PromotionBalances: z.array(promotionBalanceView),
    Role: z.literal('partner'),
  }),
);
export type PartnerRecord = z.infer<typeof partnerRecord>;

const announcerRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Username: z.string(),
    Email: z.string(),
    MobileMoneyNumber: z.string(),
    SearchString: z.string(),
    /** '' when the announcer has no partner (the list shows 'Unassigned'). */
    PartnerSearchString: z.string(),
    /** ISO time of check-in; null when checked out. */
    LastCheckIn: z.string().nullable(),
    AccountBalance: accountBalance,
    PromotionBalances: z.array(promotionBalanceView),
  }),
);
export type AnnouncerRecord = z.infer<typeof announcerRecord>;

/** Spec section 3 "Partner option for dropdowns". */
export const partnerOption = /* @__PURE__ */ lazySchema(() => z.object({ label: z.string(), value: z.string() }));
export type PartnerOption = z.infer<typeof partnerOption>;

/** Payloads of the live topics admin/partners, admin/announcers, admin/partner-options. */
export const partnersList = /* @__PURE__ */ lazySchema(() => z.object({ Partners: z.array(partnerRecord) }));
export const announcersList = /* @__PURE__ */ lazySchema(() => z.object({ Announcers: z.array(announcerRecord) }));
export const partnerOptions = /* @__PURE__ */ lazySchema(() => z.array(partnerOption));

/** Create and update partner. */
export const partnerResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Partner: partnerRecord }),
);
/** Create, update, check in and check out announcer. */
export const announcerResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Announcer: announcerRecord }),
);

// ── audit log ───────────────────────────────────────────────────────────────

/** An audit-log filter: blank means none. */
function optionalFilter(max: number) {
  return plainText(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}
const optionalDay = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}-\d\d-\d\d)?$/, 'A day such as 2026-11-26')
    .optional()
    .transform((value) => (value ? value : undefined)),
);

export const auditLogQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    limit: z.coerce.number().int('Whole number').min(1, 'At least 1').max(100, 'At most 100').default(50),
    cursor: z.string().max(512, 'At most 512 characters').optional(),
    /** Filters, applied by the server over the whole log: the acting user's id, */
    actor: optionalFilter(100),
    /** the action or its start (`admin.` finds every admin action), */
    action: optionalFilter(60),
    /** part of the target (e.g. a partner's code), */
    target: optionalFilter(200),
    /** and GMT days, inclusive. */
    from: optionalDay,
    to: optionalDay,
  }),
);
export type AuditLogQuery = z.input<typeof auditLogQuery>;

const auditLine = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    actorId: z.string(),
    /** The acting staff user's username (an announcer's too), read when the log is listed; absent for a deleted account or the system. */
    actorName: z.string().optional(),
    actorRole: z.string(),
    action: z.string(),
    target: z.string(),
    sourceIp: z.string(),
    before: z.record(z.string(), z.unknown()).optional(),
    after: z.record(z.string(), z.unknown()).optional(),
    /** Why, as the support desk's actions give it. */
    reason: z.string().optional(),
  }),
);
export type AuditLine = z.infer<typeof auditLine>;

/** Newest first; pass `cursor` back for the next page (null: no more). */
export const auditLogResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ items: z.array(auditLine), cursor: z.string().nullable() }),
);
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
