import { eventually } from './eventually';
import { smsTo } from './play';

/** The code SMS's text, with its 6 digits captured. */
const CODE_IN_SMS = /My tickets code is (\d{6})\./;

/**
 * The newest one-time code the SMS simulator took for `msisdn` (what the
 * player's phone shows), once there are more than `codesBefore`: the
 * prompts function sends each code from the table's stream as it is owed.
 */
export async function codeFromSms(msisdn: string, codesBefore = 0): Promise<string> {
  const texts = await eventually(
    async () => (await smsTo(msisdn)).map((sms) => sms.text).filter((text) => CODE_IN_SMS.test(text)),
    (found) => found.length > codesBefore,
  );
  return CODE_IN_SMS.exec(texts[0]!)![1]!;
}
