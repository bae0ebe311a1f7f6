/**
 * The SMS we owe (DESIGN section 8): recorded when owed, delivered with
 * retries, resent by staff. The module's entry.
 */

export { attemptSms, deliverSms, SMS_MAX_ATTEMPTS, smsIdOf } from './deliver-sms';
export { owedInTransaction, retryDueSms } from './owed-batches';
export {
  createClaimedSms,
  dueSmsIds,
  failedSms,
  getSms,
  owedSmsPut,
  smsRecords,
  oweSms,
  type NewSms,
  type SmsRecord,
} from './store/sms-records';
export { recordSmsFailed } from './store/sms-attempts';
export { checkCodeOf, checkSms, maskedSmsText } from './sms-check';
export { resendable, resendSms } from './store/sms-resend';
export { markResultFanOutDone, resultFanOutDone } from './store/fan-out-marks';
export { resultSmsMessages, resultSmsText } from './result-texts';
