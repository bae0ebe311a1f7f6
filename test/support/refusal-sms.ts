import { attemptSms, getSms, smsIdOf } from '../../functions/modules/messages';
import { smsTo } from './play';
import { sentForm } from './sms-check';

const HOUR_MS = 60 * 60_000;

/**
 * The SMS telling `phone` why its web entry at about `refusedAt` was refused
 * (the page itself says only that the number cannot play now): the retry
 * job's attempt of it, then its text as the SMS gateway got it. Its id names
 * the hour of the refusal, this one or the next.
 */
export async function refusalSmsTo(phone: string, refusedAt: Date): Promise<string> {
  const hours = [refusedAt, new Date(refusedAt.getTime() + HOUR_MS)].map((at) => Math.floor(at.getTime() / HOUR_MS));
  const ids = hours.map((hour) => smsIdOf('play-refused', `${phone}-${hour}`));
  const found = await Promise.all(ids.map(async (id) => ((await getSms(id)) ? id : undefined)));
  const id = found.find(Boolean);
  if (!id) throw new Error(`no refusal SMS owed to ${phone}`);
  const record = (await getSms(id))!;
  if (record.state === 'pending') await attemptSms(id, new Date());
  const sent = (await smsTo(phone)).filter((sms) => sms.text === sentForm(record));
  if (sent.length === 0) throw new Error(`the refusal SMS to ${phone} was not sent`);
  return record.text;
}
