import * as z from 'zod';
import { plainText, requiredText } from './common';
import { mobileMoneyNumberField } from './staff';
import { lazySchema } from './lazy-schema';

/**
 * Prizes that could not be paid (issue 36 part 4): held for the winner until
 * a claim deadline. The support desk records the winner's identity check and
 * the corrected number it names; a super admin then pays the prize to that
 * number (both steps in the audit log).
 */

/** The desk's identity check on a held prize: who the winner proved to be, and their own number to pay. */
export const identityCheckRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The number to pay instead: the winner's own, corrected. */
    mobile_number: mobileMoneyNumberField,
    /** The identity check made (what was seen, by whom): required, kept with the prize and in the audit log. */
    identity_check: requiredText(1000),
    /** Anything else worth keeping beside it. */
    notes: plainText(1000).optional(),
  }),
);

/**
 * A super admin's claim: the prize paid to the number its recorded identity check names — the check the
 * admin read (`check_at`, its time): one recorded again since is refused, never paid unread.
 */
export const claimPrizeRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ draw_id: requiredText(100), check_at: requiredText(40) }),
);

/**
 * An identity check as recorded at the desk (`pay_to` in full on the desk, masked elsewhere; `check` and
 * `notes` absent on the regulator's view: free text may name a number or an ID).
 */
export const identityCheckView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    check: z.string().optional(),
    pay_to: z.string(),
    notes: z.string().optional(),
    /** The staff user who recorded it, and when. */
    by: z.string(),
    at: z.string(),
  }),
);
export type IdentityCheckView = z.infer<typeof identityCheckView>;

const heldPrize = /* @__PURE__ */ lazySchema(() =>
  z.object({
    drawId: z.string(),
    promotion: z.string(),
    amount: z.string(),
    /** The winner's number, masked everywhere but the claim itself. */
    winner: z.string(),
    ticket: z.string(),
    reason: z.string(),
    claimDeadline: z.string(),
    drawnAt: z.string(),
    /** Recorded at the support desk: without it the prize cannot be paid. */
    identityCheck: identityCheckView.optional(),
  }),
);
export const heldPrizesResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    held: z.array(heldPrize),
    /** The unclaimed-prizes balance (LRD), per promotion and in total. */
    unclaimed: z.object({
      total: z.string(),
      byPromotion: z.array(z.object({ promotionId: z.string(), promotion: z.string(), amount: z.string() })),
      /** Each prize moved there at its deadline: its ledger line. */
      lines: z.array(z.object({ drawId: z.string(), promotion: z.string(), amount: z.string(), at: z.string() })),
    }),
  }),
);
export type HeldPrizesResponse = z.infer<typeof heldPrizesResponse>;

export const claimPrizeResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), payoutId: z.string() }),
);

export const identityCheckResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), identity_check: identityCheckView }),
);
