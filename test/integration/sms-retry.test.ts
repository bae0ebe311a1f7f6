import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatTicketNumber } from '@shared/ticket-number';
import { notifyWinner } from '../../functions/modules/draws';
import { handler as jobs } from '../../functions/lambdas/jobs';
import { getEntry, settlePaidEntry } from '../../functions/modules/entries';
import {
  attemptSms,
  checkCodeOf,
  checkSms,
  deliverSms,
  dueSmsIds,
  failedSms,
  getSms,
  owedInTransaction,
  retryDueSms,
  SMS_MAX_ATTEMPTS,
  smsIdOf,
  type SmsRecord,
} from '../../functions/modules/messages';
import type { DrawRecord } from '../../functions/modules/draw-records';
import { eventually } from '../support/eventually';
import { enterHouseGame, settledState, smsTo } from '../support/play';
import { sentForm } from '../support/sms-check';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { sharedStack } from '../support/stack-target';
import { commitThenStop } from '../support/stored-state';

/**
 * SMS through Africa's Talking's simulator (DESIGN section 8): success by the
 * recipient's status code, refusals never retried, gateway failures retried
 * with backoff by the retry job, for ticket and winner SMS alike.
 */

/** A Lonestar number whose SMS the simulator treats as README "SMS simulator numbers" says (payments approve). */
const anSmsNumber = (suffix: '000201' | '000202' | '000203' | '000204' | '000205') => `23188${randomInt(10)}${suffix}`;

interface SimulatedLine {
  number: string;
  text: string;
  statusCode: number;
  parts: number;
  encoding: string;
}

/** Every line the simulator answered for this number (refusals included), newest first. */
async function gatewayLines(msisdn: string, containing: string): Promise<SimulatedLine[]> {
  const response = await fetch(`${sharedStack().smsUrl}/__sim/messages?to=${msisdn}&limit=1000`);
  const { messages } = (await response.json()) as { messages: SimulatedLine[] };
  return messages.filter((m) => m.text.includes(containing));
}

/** A daily-game ticket paid from `msisdn`, once its ticket SMS has had its first attempt. */
async function aTicketWithItsFirstSmsAttempt(msisdn: string) {
  const response = await enterHouseGame('daily', msisdn, '100.00|LRD');
  expect(response.status).toBe(202);
  const entryId = response.body.entry_id as string;
  const state = await settledState(entryId);
  expect(state.status).toBe('paid');
  const id = smsIdOf('ticket', entryId);
  const sms = await eventually(
    () => getSms(id),
    (r) => r !== undefined && (r.state !== 'pending' || r.lastError !== undefined),
  );
  return { entryId, ticket: formatTicketNumber(state.ticket_number!), sms: sms! };
}

/** A moment at which this pending SMS is due. */
const dueAt = (sms: SmsRecord) => new Date(Date.parse(sms.nextAttemptAt!) + 1);

describe('ticket SMS (DESIGN section 8)', () => {
  it('is sent once, with the gateway message id, status and cost kept on its record', async () => {
    const msisdn = `23188${randomInt(1_000_000, 9_999_999)}`;
    const { entryId, ticket, sms } = await aTicketWithItsFirstSmsAttempt(msisdn);
    expect(sms).toMatchObject({
      state: 'sent',
      attempts: 1,
      providerStatus: 'Success',
      providerStatusCode: 101,
      cost: 'USD 0.0200',
    });
    expect(sms.messageId).toMatch(/^ATXid_/);
    expect((await getEntry(entryId))?.smsId).toBe(sms.id);
    const [line] = await gatewayLines(msisdn, ticket);
    expect(line).toMatchObject({ statusCode: 101, parts: 1, encoding: 'GSM-7' });
    // its check code, stored with its batch's before any was sent, finds it (USSD "Check an SMS")
    expect(line!.text.endsWith(`Ref ${checkCodeOf(sms)}`)).toBe(true);
    expect(await checkSms(checkCodeOf(sms), msisdn)).toMatchObject({ sms: { id: sms.id }, toCaller: true });
  });

  it('counts 102 Queued as sent', async () => {
    const msisdn = anSmsNumber('000204');
    const { ticket, sms } = await aTicketWithItsFirstSmsAttempt(msisdn);
    expect(sms).toMatchObject({ state: 'sent', providerStatusCode: 102 });
    expect((await smsTo(msisdn)).filter((m) => m.text.includes(ticket))).toHaveLength(1);
  });

  it('after a 500 is retried by the retry job with backoff, and delivered once', async () => {
    const msisdn = anSmsNumber('000203');
    const before = Date.now();
    const { entryId, ticket, sms } = await aTicketWithItsFirstSmsAttempt(msisdn);
    expect(sms).toMatchObject({ state: 'pending', attempts: 1 });
    expect(sms.lastError).toContain('InternalServerError');
    // the first retry waits 15–30 s (half fixed, half jitter)
    expect(Date.parse(sms.nextAttemptAt!) - before).toBeGreaterThanOrEqual(15_000);
    expect(Date.parse(sms.nextAttemptAt!) - Date.now()).toBeLessThanOrEqual(30_000);
    // ten numbers answer 5xx, shared with other files' tests: count this ticket's SMS only
    expect((await smsTo(msisdn)).filter((m) => m.text.includes(ticket))).toHaveLength(0);

    // the scheduled job at the real time: not due yet, so it leaves it
    expect(await jobs({ job: 'retry-sms' })).toHaveProperty('sent');
    expect((await getSms(sms.id))?.attempts).toBe(1);

    // once it is due
    await retryDueSms(dueAt(sms));
    expect(await getSms(sms.id)).toMatchObject({ state: 'sent', attempts: 2, providerStatusCode: 101 });
    // later runs of the job, and the entry's settlement run again (as a repeated callback would), send nothing more
    // (the job's choice and its attempt for this SMS: the job itself, run an hour ahead, would resend other files' SMS in flight)
    const later = new Date(Date.now() + 3_600_000);
    expect(await dueSmsIds(later, 10_000)).not.toContain(sms.id);
    expect(await attemptSms(sms.id, later)).toBe('skipped');
    expect((await settlePaidEntry(entryId, later)).outcome).toBe('unchanged');
    expect((await smsTo(msisdn)).filter((m) => m.text.includes(ticket))).toHaveLength(1);
    expect((await gatewayLines(msisdn, ticket)).map((l) => l.statusCode)).toEqual([101, 500]);
  });

  it.each([
    ['000201', 403, 'InvalidPhoneNumber'],
    ['000202', 406, 'UserInBlacklist'],
  ] as const)('refused for good (%s: %i %s) is marked failed with the provider status and never sent again', async (suffix, code, status) => {
    const msisdn = anSmsNumber(suffix);
    const { entryId, ticket, sms } = await aTicketWithItsFirstSmsAttempt(msisdn);
    expect(sms).toMatchObject({ state: 'failed', attempts: 1, providerStatus: status, providerStatusCode: code });
    expect(sms.nextAttemptAt).toBeUndefined();
    expect((await failedSms(1000)).map((r) => r.id)).toContain(sms.id);

    expect(await dueSmsIds(new Date(Date.now() + 24 * 3_600_000), 10_000)).not.toContain(sms.id);
    expect((await settlePaidEntry(entryId, new Date(Date.now() + 24 * 3_600_000))).outcome).toBe('unchanged');
    expect(await attemptSms(sms.id, new Date(Date.now() + 24 * 3_600_000))).toBe('skipped');
    expect((await gatewayLines(msisdn, ticket)).map((l) => l.statusCode)).toEqual([code]);
    expect((await getSms(sms.id))?.attempts).toBe(1);
  });

  it(`that keeps failing is given up after ${SMS_MAX_ATTEMPTS} attempts, failed and listed`, async () => {
    const msisdn = anSmsNumber('000205');
    const { ticket, sms: first } = await aTicketWithItsFirstSmsAttempt(msisdn);
    let sms = first;
    while (sms.state === 'pending') {
      expect(await attemptSms(sms.id, dueAt(sms))).toMatch(/^(retrying|failed)$/);
      sms = (await getSms(sms.id))!;
    }
    expect(sms).toMatchObject({
      state: 'failed',
      attempts: SMS_MAX_ATTEMPTS,
      providerStatus: 'GatewayError',
      providerStatusCode: 501,
    });
    expect(sms.lastError).toMatch(/^gave up after 8 attempts/);
    expect((await failedSms(1000)).map((r) => r.id)).toContain(sms.id);
    expect(await gatewayLines(msisdn, ticket)).toHaveLength(SMS_MAX_ATTEMPTS);
  });
});

describe('winner SMS (DESIGN section 8)', () => {
  const aDrawRecord = (msisdn: string): DrawRecord =>
    ({
      id: randomUUID(),
      promotionTitle: '“Big” Friday — Café Ñoño’s 🎉 prize…',
      winnerMsisdn: msisdn,
      winnerTicket: 'ABCDEFGHJK',
      prizeLrdCents: 750_050,
    }) as DrawRecord;

  it('after a 5xx is retried by the retry job and delivered once', async () => {
    const msisdn = anSmsNumber('000203');
    const record = aDrawRecord(msisdn);
    expect(await notifyWinner(record, new Date())).toBe(false);
    const sms = (await getSms(smsIdOf('winner', record.id)))!;
    expect(sms).toMatchObject({ purpose: 'winner', ref: record.id, state: 'pending', attempts: 1 });
    // ten numbers answer 5xx, shared with other files' tests: count this SMS only
    expect((await smsTo(msisdn)).filter((m) => m.text === sentForm(sms))).toHaveLength(0);

    await retryDueSms(dueAt(sms));
    expect(await getSms(sms.id)).toMatchObject({ state: 'sent', attempts: 2 });
    // the draw's own retry (a replayed notify) sends nothing more
    expect(await notifyWinner(record, new Date(Date.now() + 3_600_000))).toBe(false);
    const sent = (await smsTo(msisdn)).filter((m) => m.text === sentForm(sms));
    expect(sent).toHaveLength(1);
    // the title cut to leave room for the notice and the check code's line: one SMS
    expect(sent[0]!.text).toBe(
      `Congratulations! Ticket ABCDEFGHJK won 7,500.50 LRD in the "Big" Friday - Café Ñoño's pr draw, paid to you in 24h. We never ask for a PIN or a fee.\nRef ${checkCodeOf(sms)}`,
    );
    expect(isOneGsm7Sms(sent[0]!.text)).toBe(true);
  });
});

describe('one SMS record, one SMS', () => {
  it('sends an SMS once when five senders deliver it at the same moment', async () => {
    const msisdn = `23155${randomInt(1_000_000, 9_999_999)}`;
    const ref = randomUUID();
    const sms = { id: smsIdOf('ticket', ref), purpose: 'ticket' as const, ref, to: msisdn, text: `Concurrent ${ref}` };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => deliverSms(sms, new Date())));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(4);
    expect(await gatewayLines(msisdn, ref)).toHaveLength(1);
    expect(await deliverSms(sms, new Date(Date.now() + 3_600_000))).toBe('skipped');
    expect(await gatewayLines(msisdn, ref)).toHaveLength(1);
  });
});

describe('SMS owed together in one transaction (a settlement batch)', () => {
  it('are each sent once by the retry job, with the check code they were owed with, when their sender stopped', async () => {
    const now = new Date();
    const smses = Array.from({ length: 3 }, (_, i) => {
      const ref = randomUUID();
      const to = `23177${randomInt(1_000_000, 9_999_999)}`;
      return { id: smsIdOf('ticket', ref), purpose: 'ticket' as const, ref, to, text: `Owed ${i} ${ref}` };
    });
    const owed = owedInTransaction(smses, now);
    await commitThenStop([owed.write]);
    // before its sender stopped, it had attempted the first (its record written); the others have none
    expect(await deliverSms(smses[0]!, now)).toBe('sent');
    expect(await getSms(smses[1]!.id)).toBeUndefined();

    // while the sender's claim lasts, the retry job leaves the batch alone
    await retryDueSms(new Date(now.getTime() + 60_000));
    expect(await gatewayLines(smses[1]!.to, smses[1]!.ref)).toHaveLength(0);

    const afterLease = new Date(now.getTime() + 3 * 60_000);
    await retryDueSms(afterLease);
    for (const sms of smses) {
      const lines = await gatewayLines(sms.to, sms.ref);
      expect(lines).toHaveLength(1);
      const record = await getSms(sms.id);
      expect(record).toMatchObject({ state: 'sent', attempts: 1 });
      expect(lines[0]!.text).toBe(`${sms.text}\nRef ${checkCodeOf(record!)}`);
    }
    // the batch is gone: a later run sends none of them again
    await retryDueSms(new Date(afterLease.getTime() + 3 * 60_000));
    for (const sms of smses) expect(await gatewayLines(sms.to, sms.ref)).toHaveLength(1);
  });

  it('are each recorded once by their sender, with no batch left owing', async () => {
    const now = new Date();
    const smses = Array.from({ length: 2 }, (_, i) => {
      const ref = randomUUID();
      return {
        id: smsIdOf('ticket', ref),
        purpose: 'ticket' as const,
        ref,
        to: `23177${randomInt(1_000_000, 9_999_999)}`,
        text: `Sent ${i} ${ref}`,
      };
    });
    const owed = owedInTransaction(smses, now);
    await commitThenStop([owed.write]);
    expect(await owed.send()).toEqual(['sent', 'sent']);
    await retryDueSms(new Date(now.getTime() + 3 * 60_000));
    for (const sms of smses) {
      expect(await gatewayLines(sms.to, sms.ref)).toHaveLength(1);
      expect(await getSms(sms.id)).toMatchObject({ state: 'sent', attempts: 1, providerStatusCode: 101 });
    }
  });
});
