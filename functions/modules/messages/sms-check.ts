import { createHash } from 'node:crypto';
import { SMS_CHECK_DIGITS } from '../../integrations/sms/gsm7';
import { getSms, type SmsRecord } from './store/sms-records';
import { smsWithCheckCode } from './store/sms-checks';

/**
 * Every SMS verifiable (DESIGN section 8): each SMS goes out with a check
 * code ("Ref 12345678", integrations/sms/gsm7.ts `withCheckCode`), recorded
 * before the gateway gets it; USSD "Check an SMS" looks the code up, so a
 * player can tell our win notice from a fake one.
 */

/** An SMS's check code: its own, or for a record owed before codes were, one derived from its id. */
export function checkCodeOf(sms: Pick<SmsRecord, 'id' | 'checkCode'>): string {
  if (sms.checkCode) return sms.checkCode;
  const derived = createHash('sha256').update(sms.id).digest().readUInt32BE(0) % 10 ** SMS_CHECK_DIGITS;
  return String(derived).padStart(SMS_CHECK_DIGITS, '0');
}

/** What a check finds: the SMS, and whether it went to the number asking. */
export interface CheckedSms {
  sms: SmsRecord;
  toCaller: boolean;
}

/**
 * The SMS we sent with `code`, or undefined: never sent with it, or never
 * handed to the gateway (failed for good). Two SMS that drew the same code:
 * the caller's own first.
 */
export async function checkSms(code: string, callerMsisdn: string): Promise<CheckedSms | undefined> {
  if (!new RegExp(`^\\d{${SMS_CHECK_DIGITS}}$`).test(code)) return undefined;
  const found = await smsWithCheckCode(code);
  const ordered = [...found.filter((f) => f.to === callerMsisdn), ...found.filter((f) => f.to !== callerMsisdn)];
  for (const { smsId } of ordered) {
    const sms = await getSms(smsId);
    if (sms && sms.state !== 'failed' && checkCodeOf(sms) === code) return { sms, toCaller: sms.to === callerMsisdn };
  }
  return undefined;
}

/**
 * An SMS's text as a check shows it: every run of six or more digits
 * (ticket numbers, phone numbers) starred but its last two, so the amounts
 * and what it announced stay readable; a one-time code's SMS keeps no digit.
 */
export function maskedSmsText(sms: Pick<SmsRecord, 'purpose' | 'text'>): string {
  const keep = sms.purpose === 'access-code' ? 0 : 2;
  return sms.text.replace(/\d[\d-]{4,}\d/g, (run) => {
    const digits = run.replace(/-/g, '').length;
    if (digits < 6) return run;
    let seen = 0;
    return run.replace(/\d/g, (d) => (++seen > digits - keep ? d : '*'));
  });
}
