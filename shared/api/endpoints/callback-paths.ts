/**
 * The paths providers call us back on about a payment or a payout (DESIGN
 * sections 7 and 8), the reference and its per-payment secret in the path.
 * Apart from their route entries (play.ts, payouts.ts) and free of schemas, so
 * the functions that only build a callback URL (payment prompts, transfers,
 * reconciliation) do not bundle zod (DESIGN section 9, bundle size).
 */
export const CALLBACK_PATHS = {
  momoPayment: '/api/v1/webhooks/momo/:reference/:secret',
  orangePayment: '/api/v1/webhooks/orange/:reference/:secret',
  momoTransfer: '/api/v1/webhooks/momo-transfer/:reference/:secret',
  orangeCashin: '/api/v1/webhooks/orange-cashin/:reference/:secret',
} as const;
