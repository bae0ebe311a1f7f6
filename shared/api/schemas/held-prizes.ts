import * as z from 'zod';
import { plainText, requiredText } from './common';
import { mobileMoneyNumberField } from './staff';
import { lazySchema } from './lazy-schema';

/**
 * Prizes that could not be paid (issue 36 part 4): held for the winner until
 * a claim deadline; a super admin pays one to a corrected number after an
 * identity check, recorded in the audit log.
 */
export const claimPrizeRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: requiredText(100),
    /** The number to pay instead: the winner's own, corrected. */
    mobile_number: mobileMoneyNumberField,
    /** The identity check made (what was seen, by whom): required, kept in the audit log. */
    identity_check: requiredText(1000),
    /** Anything else worth keeping beside it. */
    notes: plainText(1000).optional(),
  }),
);

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
