import { config } from '../../platform/config';

/**
 * A payment's clock (DESIGN section 4), in one place. Every wait is a step
 * of the expiry: a minute of production's 15, so a local bench that shortens
 * the expiry (PAYMENT_EXPIRY_MS) shortens every wait with it and each rule
 * still happens inside the payment's life.
 */

/** A payment still pending this long after it was requested is given up (a local bench may shorten it). */
export const paymentExpiryMs = (): number => config.localMs('PAYMENT_EXPIRY_MS', 15 * 60_000);

/** A minute in production. */
const stepMs = (): number => paymentExpiryMs() / 15;

/** Callbacks may never come (DESIGN section 8): a payment pending this long (a minute) is asked about. */
export const reconcileAfterMs = (): number => Math.min(60_000, stepMs());

/** A prompt is sent again at most this many times per entry. */
export const MAX_PROMPT_RESENDS = 3;

/**
 * How long after its last send a prompt the provider does not know may be
 * sent again: a minute, then 2 and 4 (backoff). MTN's 404 for a reference it
 * still indexes lasts seconds: a reference unknown a minute after its send was
 * never received — and should it be held after all, the resend is answered
 * 409, never a second debit.
 */
export const resendGapMs = (resendsSoFar: number): number => stepMs() * 2 ** resendsSoFar;

/** No prompt is sent again in the expiry's last 2 minutes: the player is left time to approve it. */
export const resendCutoffMs = (): number => paymentExpiryMs() - 2 * stepMs();
