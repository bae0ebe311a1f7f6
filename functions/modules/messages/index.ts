/**
 * The SMS we owe (DESIGN section 8): recorded when owed, delivered with
 * retries, resent by staff. The module's entry.
 */

export { attemptSms, deliverSms, retryDueSms, smsIdOf } from './deliver-sms';
export { oweSms, owedSmsPut, type NewSms } from './store/sms-records';
export { resendSms } from './store/sms-resend';
