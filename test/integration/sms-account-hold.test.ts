import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { localDefaults } from '../../functions/integrations/local-defaults';
import {
  attemptSms,
  createClaimedSms,
  deliverSms,
  getSms,
  recordSmsFailed,
  SMS_MAX_ATTEMPTS,
  smsIdOf,
} from '../../functions/modules/messages';
import { listAudit } from '../../functions/modules/audit';
import { aStaffUser, signedIn } from '../support/fixtures';
import { smsTo } from '../support/play';
import { sentForm } from '../support/sms-check';
import { sharedStack } from '../support/stack-target';

/**
 * DESIGN section 8: Africa's Talking's per-recipient 401 RiskHold and 405
 * InsufficientBalance are the account's, not the recipient's: the SMS stays
 * owed, is tried again after a long wait and never given up for its count of
 * attempts; and staff can send any failed SMS again.
 */
const HOLDS = [
  ['000206', 401, 'RiskHold'],
  ['000207', 405, 'InsufficientBalance'],
] as const;

/** A Lonestar number the SMS simulator answers with `suffix`'s outcome (README "SMS simulator numbers"). */
const anSmsNumber = (suffix: string) => `23188${randomInt(10)}${suffix}`;

const anSms = (to: string) => {
  const ref = randomUUID();
  return { id: smsIdOf('ticket', ref), purpose: 'ticket' as const, ref, to, text: `Held ${ref}` };
};

describe("the SMS simulator's account holds, to a client written to Africa's Talking's API", () => {
  it.each(
    HOLDS,
  )('answers a %s number 201 with that recipient %i %s, charging nothing', async (suffix, code, status) => {
    const response = await fetch(`${sharedStack().smsUrl}/version1/messaging`, {
      method: 'POST',
      headers: {
        apiKey: localDefaults.sms.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        username: localDefaults.sms.username,
        to: `+${anSmsNumber(suffix)}`,
        message: 'Your ticket',
        from: localDefaults.sms.senderId,
      }).toString(),
    });
    expect(response.status).toBe(201);
    const { SMSMessageData } = (await response.json()) as {
      SMSMessageData: { Recipients: Array<{ statusCode: number; status: string; cost: string }> };
    };
    expect(SMSMessageData.Recipients).toEqual([expect.objectContaining({ statusCode: code, status, cost: '0' })]);
  });
});

describe('an SMS held for the account', () => {
  it.each(
    HOLDS,
  )('(%s: %i %s) stays owed, retried after a long wait, past the attempts a gateway error gets', async (suffix, code, status) => {
    const sms = anSms(anSmsNumber(suffix));
    const before = Date.now();
    expect(await deliverSms(sms, new Date())).toBe('retrying');
    let record = (await getSms(sms.id))!;
    expect(record).toMatchObject({ state: 'pending', attempts: 1 });
    expect(record.lastError).toContain(`${status} (${code})`);
    // a long wait: at least 5 minutes, not the 15 s of a gateway error
    expect(Date.parse(record.nextAttemptAt!) - before).toBeGreaterThanOrEqual(5 * 60_000);

    for (let attempt = 2; attempt <= SMS_MAX_ATTEMPTS + 2; attempt += 1) {
      expect(await attemptSms(sms.id, new Date(Date.parse(record.nextAttemptAt!) + 1))).toBe('retrying');
      record = (await getSms(sms.id))!;
    }
    expect(record).toMatchObject({ state: 'pending', attempts: SMS_MAX_ATTEMPTS + 2 });
  });
});

describe('staff resend a failed SMS', () => {
  it('owes it again, due now, with an audit line; a second request changes nothing; the retry job sends it', async () => {
    // the support desk's permission (DESIGN section 7)
    const admin = await aStaffUser('admin', { support: true });
    const client = await signedIn(admin);
    const msisdn = `23155${randomInt(1_000_000, 9_999_999)}`;
    const sms = anSms(msisdn);
    // an SMS that failed earlier (out of attempts while the gateway was down)
    const now = new Date();
    expect(await deliverSms(sms, now)).toBe('sent');
    const failedRef = randomUUID();
    const failed = { ...anSms(msisdn), id: smsIdOf('ticket', failedRef), ref: failedRef, text: `Failed ${failedRef}` };
    await createClaimedSms(failed, now, new Date(now.getTime() + 60_000));
    expect(await recordSmsFailed(failed.id, 1, { error: 'gave up after 8 attempts: GatewayError (501)' }, now)).toBe(
      true,
    );

    const resend = (id: string) => client.call(routes.resendSms, { id: admin.id, smsId: id });
    const first = await resend(failed.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ message: messages.smsResend.queued, state: 'pending' });
    const owed = (await getSms(failed.id))!;
    expect(owed).toMatchObject({ state: 'pending', attempts: 0 });
    expect(Date.parse(owed.nextAttemptAt!)).toBeLessThanOrEqual(Date.now());

    const again = await resend(failed.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: messages.smsResend.alreadyOwed, state: 'pending' });
    const audit = await listAudit(50, undefined, { action: 'sms.resend', target: failed.id });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ actorId: admin.id, target: `sms:${failed.id}` });

    // what the retry job does with it
    expect(await attemptSms(failed.id, new Date())).toBe('sent');
    expect((await smsTo(msisdn)).filter((m) => m.text === sentForm(owed))).toHaveLength(1);
    expect((await resend(failed.id)).body).toEqual({ message: messages.smsResend.alreadySent, state: 'sent' });
    expect((await resend(sms.id)).body).toEqual({ message: messages.smsResend.alreadySent, state: 'sent' });

    const unknown = await resend(smsIdOf('ticket', randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: messages.smsResend.notFound });
    expect((await resend('not an sms')).status).toBe(404);
    // a refused resend owes nothing
    expect(await getSms(smsIdOf('ticket', 'nothing'))).toBeUndefined();
  });
});
