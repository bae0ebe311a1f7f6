import type { EntryFailure } from '@shared/api/schemas/play';

/** Why an entry failed when the provider refused its prompt outright (./payment-prompt.ts, through refusalReasonOf). */
const PROMPT_REFUSED = 'REQUEST_REJECTED';

/**
 * The providers' reasons for a payer with no mobile money wallet, in the
 * port's words: MTN's PAYER_NOT_FOUND (MoMo Open API error reasons), and
 * Orange's refusal of `pay` for an unknown subscriber, which its adapter
 * reports under the same reason (functions/integrations/orange/orange-wire.ts).
 */
const NO_WALLET_REASONS: ReadonlySet<string> = new Set(['PAYER_NOT_FOUND']);

/**
 * Why an entry failed, as the code players are told by — the web status
 * answer's `reason_code` and the USSD final SMS alike (one mapping); the
 * entry keeps its provider's reason.
 */
export function failureOf(reason: string | undefined): EntryFailure {
  if (reason && NO_WALLET_REASONS.has(reason)) return 'no-wallet';
  switch (reason) {
    case PROMPT_REFUSED:
      return 'refused';
    case 'APPROVAL_REJECTED':
    case 'REJECTED':
      return 'declined';
    case 'EXPIRED':
      return 'expired';
    case 'NOT_ENOUGH_FUNDS':
    case 'INSUFFICIENT_FUNDS':
      return 'not-enough-funds';
    default:
      return 'failed';
  }
}

/** A refused prompt's reason as the entry keeps it: the provider's no-wallet word, else the refusal itself. */
export const refusalReasonOf = (providerReason: string | undefined): string =>
  providerReason && NO_WALLET_REASONS.has(providerReason) ? providerReason : PROMPT_REFUSED;
