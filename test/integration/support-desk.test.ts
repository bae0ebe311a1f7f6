import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { PlayerStory, ProviderStatusView } from '@shared/api/schemas/support';
import { failEntry, getEntry } from '../../functions/modules/entries';
import { gameLedgerLinesBetween } from '../../functions/modules/ledger';
import { attemptSms, getSms, smsIdOf } from '../../functions/modules/messages';
import { getPayout, refundPayoutId } from '../../functions/modules/payouts';
import { listAudit } from '../../functions/modules/audit';
import type { StaffUser } from '../../functions/modules/staff';
import { complaintsBetween } from '../../functions/modules/support';
import type { ApiClient } from '../support/api';
import { aStaffUser, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { sentForm } from '../support/sms-check';
import {
  aPlayerNumber,
  aUniquePlayerNumber,
  enterHouseGame,
  heldByMtnSimulator,
  settledState,
  smsTo,
  waitForSimulatorStatus,
} from '../support/play';

/**
 * The support desk (DESIGN section 7, issue "Player support desk"): a player
 * found by each of the four keys, the story of a debit the product failed too
 * early (the provider's SUCCESSFUL beside the product's failure) and its
 * refund — once, however many desks press it at once, with its ledger lines,
 * payout, SMS and audit line — and the complaint log with its export.
 */
let desk: StaffUser;
let client: ApiClient;
/** The debit refunded below: the exports must list it. */
let refundedEntryId: string;

beforeAll(async () => {
  desk = await aStaffUser('admin', { support: true });
  client = await signedIn(desk);
});

const lookUp = (by: string, q: string) =>
  client.request<PlayerStory>('GET', `/api/v1/admin/${desk.id}/support/player?${new URLSearchParams({ by, q })}`);
const post = <T = any>(path: string, body: unknown) =>
  client.request<T>('POST', `/api/v1/admin/${desk.id}/support/${path}`, body);

describe('the desk finds a player', () => {
  it('by mobile number, ticket number, entry id and provider reference, with the whole story, each look-up audit-logged', async () => {
    const mobile = await aPlayerNumber('approve');
    const entered = await enterHouseGame('daily', mobile, '100.00|LRD');
    const entryId = entered.body.entry_id as string;
    expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
    const entry = (await getEntry(entryId))!;
    const national = `0${mobile.slice(3)}`;
    const startedAt = new Date().toISOString();
    for (const [by, q] of [
      ['mobile', national],
      ['ticket', entry.ticketNumber!],
      ['entry', entryId],
      ['reference', entryId.toUpperCase()],
    ] as const) {
      const response = await lookUp(by, q);
      expect(response.status, `${by} ${q}`).toBe(200);
      expect(response.body.mobile_number).toBe(mobile);
      const shown = response.body.entries.find((e) => e.id === entryId)!;
      expect(shown).toMatchObject({
        channel: 'web',
        game: 'daily',
        amount: '100.00',
        currency: 'LRD',
        provider: 'mtn',
        status: 'paid',
        outcome: 'waiting',
        ticket: entry.ticketNumber,
      });
      expect(shown.sms.map((sms) => sms.purpose)).toContain('ticket');
    }
    // newest first
    const { entries } = (await lookUp('mobile', national)).body;
    expect(entries.map((e) => e.created_at)).toEqual([...entries.map((e) => e.created_at)].sort().reverse());
    // who looked up whom, when: one audit line per look-up
    const lines = (await listAudit(200, undefined, { action: 'support.lookup', target: mobile })).items.filter(
      (line) => line.at >= startedAt && line.actorId === desk.id,
    );
    expect(lines.length).toBe(5);
    // an unknown key is a 404 {error}, and still logged; a bad key kind a 400
    expect((await lookUp('ticket', '12345678901234')).status).toBe(404);
    expect((await lookUp('name', 'x')).status).toBe(400);
  }, 60_000);
});

describe('a debit the product failed too early', () => {
  it("shows the provider's SUCCESSFUL and refunds it once for five concurrent desks: payout, ledger lines, SMS, audit line", async () => {
    // this number approves without calling back; the product then failed the entry (as a refused prompt did)
    const mobile = await aPlayerNumber('silent');
    const entered = await enterHouseGame('daily', mobile, '100.00|LRD');
    const entryId = entered.body.entry_id as string;
    await waitForSimulatorStatus(entryId, 'SUCCESSFUL');
    expect(await failEntry(entryId, 'REQUEST_REJECTED', new Date())).toBe(true);
    const startedAt = new Date().toISOString();
    refundedEntryId = entryId;

    const story = (await lookUp('entry', entryId)).body;
    expect(story.entries.find((e) => e.id === entryId)).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      may_be_orphan: true,
    });
    const asked = await post<ProviderStatusView>(`entries/${entryId}/provider-status`, { reason: 'caller says paid' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'SUCCESSFUL', provider: 'mtn', refundable: true });
    // a reason is required
    expect((await post(`entries/${entryId}/refund`, {})).status).toBe(400);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`entries/${entryId}/refund`, { reason: 'charged, no ticket' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'refunded')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'already-resolved')).toHaveLength(4);

    expect(await getPayout(refundPayoutId(entryId))).toMatchObject({
      kind: 'refund',
      amountCents: 10_000,
      msisdn: mobile,
      requestedBy: desk.id,
    });
    const lines = (await gameLedgerLinesBetween(startedAt, new Date().toISOString())).filter(
      (line) => line.ref === entryId,
    );
    expect(lines.map((line) => [line.kind, line.amountCents]).sort()).toEqual([
      ['stake', 10_000],
      ['stake-refunded', -10_000],
    ]);
    // the transfer went out under the refund's one reference (a second send would be the same reference: MTN's 409)
    expect(await heldByMtnSimulator('disbursement', refundPayoutId(entryId))).toBe(true);
    expect((await getSms(smsIdOf('late-refund', entryId)))?.to).toBe(mobile);
    const audit = (await listAudit(200, undefined, { action: 'support.refund', target: entryId })).items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: desk.id, reason: 'charged, no ticket' });

    // the story now says refunded, with its refund payout and SMS; asked again, nothing more moves
    const after = (await lookUp('entry', entryId)).body.entries.find((e) => e.id === entryId)!;
    expect(after).toMatchObject({
      outcome: 'refunded',
      may_be_orphan: false,
      refund: { kind: 'refund', amount: '100.00' },
    });
    expect(after.sms.map((sms) => sms.purpose)).toContain('late-refund');
    expect((await post(`entries/${entryId}/refund`, { reason: 'again' })).body.outcome).toBe('already-resolved');
    // a paid entry is no orphan
    const paid = await enterHouseGame('daily', await aPlayerNumber('approve'), '100.00|LRD');
    await settledState(paid.body.entry_id as string);
    expect((await post(`entries/${paid.body.entry_id as string}/refund`, { reason: 'paid one' })).status).toBe(409);
  }, 60_000);
});

describe('an SMS the caller says never came', () => {
  it('is sent again from the desk once sent, with its text and check code, once for three concurrent desks, reasoned and audit-logged', async () => {
    const mobile = await aPlayerNumber('approve');
    const entered = await enterHouseGame('daily', mobile, '100.00|LRD');
    const entryId = entered.body.entry_id as string;
    expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
    const ticketSms = smsIdOf('ticket', entryId);
    await eventually(
      async () => (await getSms(ticketSms))?.state,
      (state) => state === 'sent',
      20_000,
    );
    const sent = (await getSms(ticketSms))!;
    const shown = (await lookUp('mobile', mobile)).body.entries.find((e) => e.id === entryId)!;
    expect(shown.sms.find((sms) => sms.id === ticketSms)).toMatchObject({ state: 'sent', resendable: true });

    // a reason is required; then three desks at once: one owes it again, the others find it owed
    expect((await post(`sms/${ticketSms}/resend`, {})).status).toBe(400);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => post(`sms/${ticketSms}/resend`, { reason: `caller ${n}: no ticket SMS` })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.message === messages.smsResend.queued)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === messages.smsResend.alreadyOwed)).toHaveLength(2);
    expect(await getSms(ticketSms)).toMatchObject({ state: 'pending', attempts: 0, text: sent.text });
    const lines = (await listAudit(50, undefined, { action: 'sms.resend', target: ticketSms })).items;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorId: desk.id, before: { state: 'sent' } });

    // what the SMS job does with it: the same text and check code, a second time
    expect(await attemptSms(ticketSms, new Date())).toBe('sent');
    expect((await smsTo(mobile)).filter((m) => m.text === sentForm(sent))).toHaveLength(2);
  }, 60_000);
});

describe("a number's exclusion from the desk", () => {
  it('is set and lifted with a reason each, shown in the story and audit-logged with it', async () => {
    const mobile = aUniquePlayerNumber();
    const excluded = await client.request('PUT', `/api/v1/admin/${desk.id}/support/players/${mobile}/exclusion`, {
      period: '1-month',
      reason: 'asked by the player on the phone',
    });
    expect(excluded.status).toBe(200);
    expect(excluded.body.Exclusion).toMatchObject({ excluded: true, permanent: false });
    expect((await lookUp('mobile', mobile)).body.exclusion).toMatchObject({ excluded: true, by: 'admin' });
    // a reason is required
    expect((await post(`players/${mobile}/exclusion/lift`, {})).status).toBe(400);
    expect((await post(`players/${mobile}/exclusion/lift`, { reason: 'player called back' })).status).toBe(200);
    expect((await lookUp('mobile', mobile)).body.exclusion.excluded).toBe(false);
    expect((await post(`players/${mobile}/exclusion/lift`, { reason: 'again' })).status).toBe(404);
    const lines = (await listAudit(50, undefined, { target: `player:${mobile}`, action: 'player.' })).items;
    expect(lines.map((line) => [line.action, line.reason])).toEqual([
      ['player.lift-exclusion', 'player called back'],
      ['player.exclude', 'asked by the player on the phone'],
    ]);
  });
});

describe('the complaint log', () => {
  it('notes a complaint, lists it as needing attention until resolved, and exports it as CSV', async () => {
    const mobile = await aPlayerNumber('approve');
    const noted = await post('complaints', { mobile_number: mobile, summary: 'Says "paid twice", no SMS' });
    expect(noted.status).toBe(201);
    const id = noted.body.Complaint.id as string;
    expect(noted.body.Complaint).toMatchObject({ status: 'open', mobile_number: mobile });
    const attention = await client.request('GET', `/api/v1/admin/${desk.id}/support/attention`);
    expect(attention.status).toBe(200);
    expect(attention.body.Items).toContainEqual(expect.objectContaining({ kind: 'open-complaint', ref: id }));
    // the debit refunded above: a late success, linking to its player
    expect(attention.body.Items).toContainEqual(
      expect.objectContaining({ kind: 'late-success', ref: refundedEntryId, mobile_number: expect.any(String) }),
    );
    expect((await lookUp('mobile', mobile)).body.complaints.map((c) => c.id)).toContain(id);

    const resolved = await post(`complaints/${id}/resolve`, { resolution: 'One debit only; ticket resent' });
    expect(resolved.status).toBe(200);
    expect((await post(`complaints/${id}/resolve`, { resolution: 'again' })).status).toBe(409);
    const day = new Date().toISOString().slice(0, 10);
    const csv = await client.request('GET', `/api/v1/admin/${desk.id}/exports/complaints?from=${day}&to=${day}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const row = csv.text.split('\r\n').find((line) => line.startsWith(id))!;
    expect(row).toContain(`,${mobile},`);
    // RFC 4180: the quoted summary's quotes doubled
    expect(row).toContain('"Says ""paid twice"", no SMS"');
    expect(row).toContain(',resolved,One debit only; ticket resent,');
    // the regulator's read of the log (functions/modules/support/index.ts)
    expect((await complaintsBetween(`${day}T`, `${day}T`)).find((c) => c.id === id)).toMatchObject({
      status: 'resolved',
      msisdn: mobile,
    });
    // the money exports are a super admin's
    expect((await client.request('GET', `/api/v1/admin/${desk.id}/exports/payouts?from=${day}&to=${day}`)).status).toBe(
      403,
    );
  }, 30_000);
});

describe('CSV exports for a period', () => {
  it('give payouts, statements, winners and the audit log to a super admin: one CSV writer, money with 2 decimals, ISO times', async () => {
    const { user, client: boss } = await fixtureSuperAdmin();
    const day = new Date().toISOString().slice(0, 10);
    const exported = async (kind: string) => {
      const response = await boss.request('GET', `/api/v1/admin/${user.id}/exports/${kind}?from=${day}&to=${day}`);
      expect(response.status, kind).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      return response.text.split('\r\n');
    };
    const payouts = await exported('payouts');
    expect(payouts[0]).toBe(
      'id,kind,status,amount,currency,mobile_number,promotion,reason,reference,started_at,finished_at,requested_by',
    );
    const refund = payouts.find((line) => line.startsWith(refundPayoutId(refundedEntryId)))!;
    expect(refund).toMatch(new RegExp(`^[^,]+,refund,\\w+,100\\.00,LRD,231\\d+,[^,]*,.*,${day}T[\\d:.]+Z,`));
    expect((await exported('statements'))[0]).toBe('at,role,payee,payee_id,promotion,kind,amount,currency,ref');
    expect((await exported('winners'))[0]).toMatch(/^draw_id,drawn_at,game,/);
    const audit = await exported('audit');
    expect(audit.some((line) => line.includes(',support.refund,') && line.includes('charged, no ticket'))).toBe(true);
    // a period that ends before it starts is a 400 {error}
    const backwards = await boss.request('GET', `/api/v1/admin/${user.id}/exports/payouts?from=${day}&to=2020-01-01`);
    expect(backwards.status).toBe(400);
    expect(typeof backwards.body.error).toBe('string');
  }, 30_000);
});
