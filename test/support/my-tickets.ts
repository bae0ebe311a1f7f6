import { attemptSms, dueSmsIds, smsIdOf } from '../../functions/modules/messages';
import { eventually } from './eventually';
import { smsTo } from './play';

/** The code SMS's text, with its 6 digits captured. */
const CODE_IN_SMS = /My tickets code is (\d{6})\./;

/**
 * The retry job's attempt of the one-time code SMS owed to `msisdn` (the
 * public function only owes it, and the test stack runs no scheduler), then
 * the newest code as the SMS simulator took it: what the player's phone
 * shows. Only this number's codes, not every SMS due: other tests' stay theirs.
 */
export async function codeFromSms(msisdn: string, codesBefore = 0): Promise<string> {
  const prefix = smsIdOf('access-code', `${msisdn}-`);
  const owed = await eventually(
    async () => (await dueSmsIds(new Date(), 100_000)).filter((id) => id.startsWith(prefix)),
    (ids) => ids.length > 0,
  );
  for (const id of owed) await attemptSms(id, new Date());
  const texts = await eventually(
    () => codeTexts(msisdn),
    (found) => found.length > codesBefore,
  );
  return CODE_IN_SMS.exec(texts[0]!)![1]!;
}

/** The code SMS the simulator took for a number, newest first. */
export async function codeTexts(msisdn: string): Promise<string[]> {
  return (await smsTo(msisdn)).map((sms) => sms.text).filter((text) => CODE_IN_SMS.test(text));
}
