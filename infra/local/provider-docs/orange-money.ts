/**
 * Orange Money Core API (omcoreapis 1.0.2), as Orange documents it to its
 * merchants: the simulator's own reading of the provider, never our
 * adapter's (DESIGN sections 3 and 8).
 *
 * Documents: Orange Liberia hands the Core API documentation over with the
 * merchant contract; the same API is the one Orange Cameroon documents for
 * merchant payment and cash-in (hosts api-s1.orange.cm / apiw.orange.cm), whose
 * published shapes public integrations reproduce (e.g. github.com/marvinboris/
 * hiala-xtream, app/types/payment/om/merchant-payment.d.ts):
 * - `POST /token` (OAuth2 client credentials), then on every call the Bearer
 *   token and `X-AUTH-TOKEN` (base64 of the channel user's api username:password);
 * - `POST /omcoreapis/1.0.2/{mp|cashin}/init` → `{message, data: {payToken}}`;
 * - `POST /omcoreapis/1.0.2/{mp|cashin}/pay` with `{notifUrl,
 *   channelUserMsisdn, amount, subscriberMsisdn, pin, orderId, description,
 *   payToken}`;
 * - `GET /omcoreapis/1.0.2/{mp|cashin}/paymentstatus/{payToken}`;
 * - every answer (and the notification POSTed to notifUrl) is `{message,
 *   data}`, `data` being the transaction: `id, createtime, subscriberMsisdn,
 *   amount, payToken, txnid, txnmode, inittxnmessage, inittxnstatus,
 *   confirmtxnstatus, confirmtxnmessage, status, notifUrl, description,
 *   channelUserMsisdn`, with `status` one of PENDING, SUCCESSFULL (Orange's
 *   spelling), FAILED, EXPIRED, CANCELLED, and INITIATED before the prompt.
 */

export const CORE_API_BASE_PATH = '/omcoreapis/1.0.2';

/** mp: merchant payment, the subscriber confirms with their PIN; cashin: money into the subscriber's wallet. */
export type CoreOperation = 'mp' | 'cashin';

export type CoreStatus = 'INITIATED' | 'PENDING' | 'SUCCESSFULL' | 'FAILED' | 'EXPIRED' | 'CANCELLED';

/** The body of `mp/pay` and `cashin/pay`. */
export interface CorePayBody {
  notifUrl: string;
  channelUserMsisdn: string;
  amount: string;
  subscriberMsisdn: string;
  pin: string;
  orderId: string;
  description: string;
  payToken: string;
}

/** `data` of a pay answer, a status answer and a notification (fields Orange may leave null). */
export interface CoreTransaction {
  id: number;
  createtime: string;
  subscriberMsisdn: string;
  amount: string;
  payToken: string;
  txnid: string | null;
  txnmode: string;
  inittxnmessage: string;
  inittxnstatus: string;
  confirmtxnstatus: string | null;
  confirmtxnmessage: string | null;
  status: CoreStatus;
  notifUrl: string;
  description: string;
  channelUserMsisdn: string;
}

/** Every Core API answer. */
export interface CoreEnvelope<T> {
  message: string;
  data: T;
}
