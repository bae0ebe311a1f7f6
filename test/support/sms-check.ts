import { SMS_CHECK_DIGITS, withCheckCode } from '../../functions/integrations/sms/gsm7';
import { checkCodeOf, type SmsRecord } from '../../functions/modules/messages';

/** An owed SMS as the gateway gets it: its text, then its check code's line (every SMS we send ends with one). */
export const sentForm = (sms: SmsRecord): string => withCheckCode(sms.text, checkCodeOf(sms));

const CHECK_LINE = new RegExp(`\\nRef (\\d{${SMS_CHECK_DIGITS}})$`);

/** An SMS as the gateway got it, split into its text and its check code (undefined: it carried none). */
export function splitCheckCode(sent: string): { text: string; code: string | undefined } {
  const found = CHECK_LINE.exec(sent);
  return found ? { text: sent.slice(0, found.index), code: found[1] } : { text: sent, code: undefined };
}
