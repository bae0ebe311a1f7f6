/**
 * MTN MoMo Open API, as MTN publishes it: the simulator's own reading of the
 * provider, never our adapter's (DESIGN sections 3 and 8).
 *
 * Documents:
 * - MoMo Developer portal, API reference for Collection and Disbursement
 *   v1_0 (https://momodeveloper.mtn.com/api-documentation): RequestToPay and
 *   Transfer bodies `{amount, currency, externalId, payer|payee:
 *   {partyIdType, partyId}, payerMessage, payeeNote}`; RequestToPayResult /
 *   TransferResult add `status` (PENDING, SUCCESSFUL, FAILED),
 *   `financialTransactionId` and `reason`.
 * - MoMo Developer portal, "Testing" / "Sandbox test numbers"
 *   (https://momodeveloper.mtn.com/api-documentation/testing/#test-numbers):
 *   the sandbox (`X-Target-Environment: sandbox`) takes currency EUR only and
 *   answers for its test numbers 46733123450 failed, 46733123451 rejected,
 *   46733123452 timeout, 56733123453 success (sic: 5…, not 4…), 46733123454
 *   pending.
 * - MoMo Developer portal, "Error codes" (momodeveloper.mtn.com/content/
 *   html_widgets/TEcUW.html): PAYER_NOT_FOUND, PAYEE_NOT_FOUND,
 *   INTERNAL_PROCESSING_ERROR, COULD_NOT_PERFORM_TRANSACTION, APPROVAL_REJECTED,
 *   EXPIRED, NOT_ENOUGH_FUNDS…
 * - payerMessage / payeeNote: MTN publishes no character set; live MTN
 *   refuses `&` and other special characters (reported in
 *   github.com/sparkplug/momoapi-node issue #84; DESIGN section 8), so only
 *   letters, digits, spaces and `.,-` are taken for sure.
 */

export type MomoProduct = 'collection' | 'disbursement';

/** The X-Target-Environment of MTN's sandbox. */
export const SANDBOX_ENVIRONMENT = 'sandbox';
/** The only currency the sandbox takes. */
export const SANDBOX_CURRENCY = 'EUR';

/** The sandbox test numbers, as MTN's testing page lists them. */
export const SANDBOX_TEST_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  timeout: '46733123452',
  success: '56733123453',
  pending: '46733123454',
} as const;

/** What the payerMessage / payeeNote of a live call may hold and still be taken (see the doc comment). */
export const NOTE_TEXT_TAKEN = /^[A-Za-z0-9 .,-]*$/;

interface MomoParty {
  partyIdType: 'MSISDN';
  partyId: string;
}

/** RequestToPayResult / TransferResult: the status query's 200 body, also what MTN PUTs to X-Callback-Url. */
export interface MomoResultBody {
  amount: string;
  currency: string;
  externalId: string;
  financialTransactionId?: string;
  payer?: MomoParty;
  payee?: MomoParty;
  payerMessage?: string;
  payeeNote?: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
}
