import * as z from 'zod';
import { GAME_KINDS } from '../../games';
import { messages } from '../../messages';
import { MIN_STAKE_CENTS, TOP_PRIZE_LRD_CENTS } from '../../stake-limits';
import { USSD_SERVERS } from '../../ussd';
import { countField, moneyField, percentageField, requiredText } from './common';
import { partnerOption } from './staff';
import { lazySchema } from './lazy-schema';

export { USSD_SERVERS, type UssdServer } from '../../ussd';

/** Spec section 7 "Create promotion": the price to enter, per currency (DESIGN section 4). */
export const PROMOTION_FIELDS = ['promotion_title', 'promotion_prize_lrd', 'promotion_prize_usd'] as const;

/**
 * A partner promotion's price in one currency: 0.00 leaves that currency off the promotion's menus (USSD and
 * web offer only prices above 0), any other price is at least the minimum stake (spec section 9), so no
 * promotion offers a price below it.
 */
const promotionPrice = (currency: 'LRD' | 'USD', least: string, format: string) =>
  moneyField(format).refine((cents) => cents === 0 || cents >= MIN_STAKE_CENTS[currency], {
    message: `The ${currency} price must be 0.00 (not offered in ${currency}) or at least ${least} (the minimum stake)`,
  });

const promotionFields = () =>
  z.object({
    promotion_title: requiredText(100),
    promotion_prize_lrd: promotionPrice('LRD', '100.00 LRD', 'The LRD price must be an amount such as 100.00'),
    promotion_prize_usd: promotionPrice('USD', '0.50 USD', 'The USD price must be an amount such as 0.50'),
  });
const offeredSomewhere = {
  check: (b: { promotion_prize_lrd: number; promotion_prize_usd: number }) =>
    b.promotion_prize_lrd > 0 || b.promotion_prize_usd > 0,
  message: 'A promotion needs a price in LRD or USD (both are 0.00)',
};

export const promotionBody = /* @__PURE__ */ lazySchema(() =>
  promotionFields().refine(offeredSomewhere.check, {
    message: offeredSomewhere.message,
    path: ['promotion_prize_lrd'],
  }),
);

export const promotionUpdateBody = /* @__PURE__ */ lazySchema(() =>
  promotionFields()
    .extend({ id: requiredText(64) })
    .refine(offeredSomewhere.check, { message: offeredSomewhere.message, path: ['promotion_prize_lrd'] }),
);
export const idBody = /* @__PURE__ */ lazySchema(() => z.object({ id: requiredText(64) }));

/** Spec section 7 "Assign partner to promotion". */
export const ASSIGNMENT_FIELDS = [
  'partner',
  'promotion',
  'partner_percentage',
  'announcer_percentage',
  'shared_code',
  'server',
  'threshold',
  'starting_threshold',
  'winner_amount',
] as const;

/** Players dial the shared code (`*XYZ*<code>#`), so it is digits only. */
export const SHARED_CODE_PATTERN = /^\d{3,10}$/;
export const SHARED_CODE_MESSAGE = 'Shared code must be 3 to 10 digits (players dial it).';
const PERCENTAGE_SUM_MESSAGE = 'Partner and announcer percentages together must not exceed 100.';

export const assignmentBody = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      partner: requiredText(40),
      promotion: requiredText(64),
      partner_percentage: percentageField(messages.validation.percentageRange),
      announcer_percentage: percentageField(messages.validation.percentageRange),
      shared_code: z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().trim().regex(SHARED_CODE_PATTERN, SHARED_CODE_MESSAGE)),
      server: z.enum(USSD_SERVERS, 'Server must be lonestar or orange.'),
      threshold: countField('Threshold must be a whole number of entries, 0 or more.'),
      starting_threshold: countField('Starting threshold must be a whole number of entries, 0 or more.'),
      winner_amount: moneyField('Winner amount must be an amount such as 5000.00'),
    })
    .refine((b) => b.partner_percentage + b.announcer_percentage <= 10_000, {
      message: PERCENTAGE_SUM_MESSAGE,
      path: ['announcer_percentage'],
    }),
);
export type AssignmentInput = z.output<typeof assignmentBody>;

export const assignmentUpdateBody = /* @__PURE__ */ lazySchema(() =>
  z.intersection(assignmentBody, z.object({ id: requiredText(64) })),
);

const ASSIGNMENT_STATUSES = ['active', 'ended'] as const;
/** `ended` stops the assignment taking new entries; `active` resumes it. */
export const assignmentStatusBody = /* @__PURE__ */ lazySchema(() =>
  idBody.extend({
    status: z.enum(ASSIGNMENT_STATUSES, 'Status must be active or ended.'),
  }),
);

const drawTime = /* @__PURE__ */ lazySchema(() =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Draw time must be HH:MM in GMT'),
);

/** An entry price: at least the spec's minimum stake in its currency (spec section 9). */
const entryPrice = (currency: 'LRD' | 'USD', least: string) =>
  moneyField().refine((cents) => cents >= MIN_STAKE_CENTS[currency], {
    message: `The entry price must be at least ${least} (the minimum stake)`,
  });
/** A prize: more than nothing, at most the top prize (spec section 9). */
const prize = () =>
  moneyField().refine((cents) => cents > 0 && cents <= TOP_PRIZE_LRD_CENTS, {
    message: 'A prize must be more than 0.00 and at most 1,000,000.00 (the top prize)',
  });

/** PUT settings (super admin): house games, USD→LRD rate, mobile-network fee rate; each field checked against its rule. */
export const settingsBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    daily: z.object({
      price_lrd: entryPrice('LRD', '100.00 LRD'),
      price_usd: entryPrice('USD', '0.50 USD'),
      prize_lrd: prize(),
      draw_time: drawTime,
    }),
    jackpot: z
      .object({
        price_lrd: entryPrice('LRD', '100.00 LRD'),
        price_usd: entryPrice('USD', '0.50 USD'),
        base_prize_lrd: prize(),
        stake_share_percentage: percentageField('Stake share must be a percentage from 0 to 100'),
        prize_cap_lrd: prize(),
        draw_weekday: z
          .number('Pick a weekday')
          .int('Pick a weekday')
          .min(0, 'Pick a weekday')
          .max(6, 'Pick a weekday'),
        draw_time: drawTime,
      })
      .refine((j) => j.prize_cap_lrd >= j.base_prize_lrd, {
        message: 'The prize cap must be at least the base prize',
        path: ['prize_cap_lrd'],
      }),
    usd_to_lrd_rate: z.union([z.string(), z.number()]).transform((v, ctx) => {
      const match = /^(\d{1,5})(?:\.(\d{1,3}))?$/.exec(String(v).trim());
      const milli = match ? Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0')) : 0;
      if (!match || milli <= 0) {
        ctx.addIssue({ code: 'custom', message: 'The USD→LRD rate must be a positive number such as 190.5' });
        return z.NEVER;
      }
      return milli;
    }),
    mobile_network_fee_percentage: percentageField('The fee rate must be a percentage from 0 to 100'),
    /** Most one number may stake per GMT day ("0.00" = no limit); left out, the current limit stays (DESIGN section 7). */
    daily_spend_limit_lrd: moneyField().optional(),
  }),
);

/** The settings version the editor read (optimistic versioning): a whole number, required. */
const settingsVersion = /* @__PURE__ */ lazySchema(() =>
  z.object({
    version: z
      .number({ error: 'Required: the version of the settings you edited' })
      .int('A whole number')
      .min(0, '0 or more'),
  }),
);

/**
 * PUT settings: the version is checked first, with its own message (without
 * it the edit cannot be checked against what the editor saw, DESIGN section
 * 7); the other fields pass through to `settingsBody`, checked after it.
 */
export const updateSettingsBody = /* @__PURE__ */ lazySchema(() => settingsVersion.loose());
/** What the Settings form sends: the fields and the version they were read at. */
export type SettingsRequest = z.input<typeof settingsBody> & z.input<typeof settingsVersion>;

// ── records (responses and the admin/assignments topic; functions/modules/catalog/catalog-views.ts) ──

/** Spec section 3 "Promotion": prices as "123.45" strings; `Kind` tells partner promotions from house games. */
const promotionRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    promotion_title: z.string(),
    promotion_prize_lrd: z.string(),
    promotion_prize_usd: z.string(),
    Kind: z.enum(GAME_KINDS),
    AssignmentCount: z.number(),
  }),
);
export type PromotionRecord = z.infer<typeof promotionRecord>;
export const promotionsList = /* @__PURE__ */ lazySchema(() => z.object({ promotions: z.array(promotionRecord) }));
export const promotionResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Promotion: promotionRecord }),
);

/** Spec section 3 "Partner promotion assignment": percentages as numbers (12.5), the prize as "123.45" LRD. */
const assignmentRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    /** The partner's SearchString. */
    Partner: z.string(),
    PartnerID: z.string(),
    PartnerUsername: z.string(),
    Promotion: z.object({ ID: z.string(), PromotionTitle: z.string() }),
    PartnerPercentage: z.number(),
    AnnouncerPercentage: z.number(),
    SharedCode: z.string(),
    Server: z.string(),
    Threshold: z.number(),
    StartingThreshold: z.number(),
    WinnerAmount: z.string(),
    /** `ended`: takes no new entries (PUT partner/promotion/status). */
    Status: z.enum(ASSIGNMENT_STATUSES),
    PaidEntries: z.number(),
  }),
);
export type AssignmentRecord = z.infer<typeof assignmentRecord>;

/** One partner's promotions, with their count (spec "Partner Promotions": grouped by partner). */
const assignmentGroup = /* @__PURE__ */ lazySchema(() =>
  z.object({
    PartnerID: z.string(),
    PartnerSearchString: z.string(),
    PartnerUsername: z.string(),
    Count: z.number(),
    Assignments: z.array(assignmentRecord),
  }),
);
export type AssignmentGroup = z.infer<typeof assignmentGroup>;

/** GET get-assigned/partners/list and the `admin/assignments` topic's `assignments` event. */
export const assignmentGroups = /* @__PURE__ */ lazySchema(() => z.object({ Groups: z.array(assignmentGroup) }));
export const assignmentResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Assignment: assignmentRecord }),
);
export const assignmentStatusResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Status: z.enum(ASSIGNMENT_STATUSES) }),
);

/** GET partners-for/assigned/promotion: the partners the assignment dialog may still pick. */
export const partnerOptionsList = /* @__PURE__ */ lazySchema(() => z.object({ partners: z.array(partnerOption) }));

/** Settings on the wire (functions/modules/catalog/catalog-views.ts): the PUT's field names, amounts as "123.45" text. */
const settingsRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    version: z.number(),
    daily: z.object({ price_lrd: z.string(), price_usd: z.string(), prize_lrd: z.string(), draw_time: z.string() }),
    jackpot: z.object({
      price_lrd: z.string(),
      price_usd: z.string(),
      base_prize_lrd: z.string(),
      stake_share_percentage: z.number(),
      prize_cap_lrd: z.string(),
      draw_weekday: z.number(),
      draw_time: z.string(),
    }),
    /** LRD per US$ 1, three decimals ("190.500"). */
    usd_to_lrd_rate: z.string(),
    mobile_network_fee_percentage: z.number(),
    /** Per-number daily spending limit in LRD, "0.00" = off (DESIGN section 7, responsible play). */
    daily_spend_limit_lrd: z.string(),
  }),
);
export type SettingsView = z.infer<typeof settingsRecord>;
export const settingsResponse = /* @__PURE__ */ lazySchema(() => z.object({ Settings: settingsRecord }));
export const settingsSaved = /* @__PURE__ */ lazySchema(() => settingsResponse.extend({ message: z.string() }));
