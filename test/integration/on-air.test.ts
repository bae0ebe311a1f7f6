import { onAirMessages } from '@shared/on-air-messages';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { BroadcastState, DrawByCodeAnswer } from '@shared/api/schemas/on-air';
import type { PublicDrawRecord } from '@shared/api/schemas/draws';
import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { drawCodeOf } from '@shared/fairness/draw-code';
import { verifyDraw } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { getEntry, reconcileEntry } from '../../functions/modules/entries';
import { attemptSms, smsIdOf } from '../../functions/modules/messages';
import { mainMenuText } from '../../functions/modules/ussd';
import type { StaffUser } from '../../functions/modules/staff';
import { fetchInclusionProof, main } from '../../scripts/verify-draw';
import { ApiClient } from '../support/api';
import { aCheckedInAnnouncer, aPartner, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { holdNearBeaconRounds, inboundSms, textFromPhone } from '../support/on-air';
import {
  aPaidEntryByCode,
  aPlayerNumber,
  aPromotionToDraw,
  aUniquePlayerNumber,
  smsTo,
  waitForSimulatorStatus,
} from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import { dialAs, screenText } from '../support/ussd';
import { sharedStack } from '../support/stack-target';

/** The on-air draw anyone can verify (issue 36, parts 1 and 2). */
let announcer: AnnouncerRecord;
let client: ApiClient;
let sharedCode: string;
let listener: string;
let bystander: string;
let tickets: string[];
let closing: BroadcastState;
let closingLookup: DrawByCodeAnswer;
let revealed: BroadcastState;
let record: PublicDrawRecord;
const baseUrl = () => sharedStack().baseUrl;

const state = async () => {
  const response = await client.call(routes.announcerBroadcast, { id: announcer.ID, shared_code: sharedCode });
  if (response.status !== 200) throw new Error(response.text);
  return response.body as BroadcastState;
};
const byCode = (code: string) => new ApiClient().call(routes.publicDrawByCode, { code });
const checkDrawItem = mainMenuText.split('\n').findIndex((line) => line.endsWith(onAirMessages.ussdItem));

beforeAll(async () => {
  const { user: admin, client: adminClient } = await fixtureSuperAdmin();
  const partner = await aPartner();
  announcer = await aCheckedInAnnouncer(partner);
  client = await signedIn({ id: announcer.ID, email: announcer.Email, role: 'announcer' } as StaffUser);
  ({ sharedCode } = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 3, threshold: 3 }));
  listener = aUniquePlayerNumber();
  bystander = aUniquePlayerNumber();
  tickets = [];
  for (const mobile of [listener, listener, aUniquePlayerNumber()])
    tickets.push((await aPaidEntryByCode(sharedCode, mobile)).ticket);

  await holdNearBeaconRounds(60);
  const before = await state();
  expect(before).toMatchObject({ step: 'open', window: { entries: 3, met: true }, close: null, winner: null });
  let settled = false;
  const close = client
    .call(routes.announcerBroadcastClose, { id: announcer.ID, shared_code: sharedCode })
    .finally(() => {
      settled = true;
    });
  // the screen's reading of its step, as often as it can: the code must be there before the round
  while (!settled) {
    const seen = await state();
    if (seen.step === 'closing') {
      closing = seen;
      closingLookup = (await byCode(seen.close!.draw_code)).body;
      break;
    }
  }
  const closed = await close;
  if (closed.status !== 200) throw new Error(closed.text);
  if (!closing) throw new Error('the close went past its code before the screen saw it');
  revealed = closed.body;
  const response = await new ApiClient().call(routes.publicDraw, { draw_id: revealed.close!.draw_id });
  record = response.body;
}, 60_000);

afterAll(() => holdNearBeaconRounds(0));

describe('the broadcast close', () => {
  it('freezes the count, publishes the root and round, and shows the draw code before the round exists', async () => {
    const fixed = closing.close!;
    expect(fixed).toMatchObject({ entry_count: 3, stake_lrd: '300.00' });
    expect(Date.parse(closing.server_time)).toBeLessThan(Date.parse(fixed.round_at));
    expect(fixed.draw_code).toBe(await drawCodeOf(fixed.merkle_root, fixed.round));
    // a listener checking at once hears the draw with its entries, before any winner
    expect(closingLookup).toMatchObject({
      status: 'closing',
      draw_code: fixed.draw_code,
      entry_count: 3,
      winner: null,
    });
  });

  it('reveals the winner with the same code, and a reload resumes at that step', async () => {
    expect(revealed).toMatchObject({
      step: 'revealed',
      close: { draw_code: closing.close!.draw_code, round: closing.close!.round },
      winner: { masked_number: record.winner, short_path: `/d/${closing.close!.draw_code}` },
    });
    expect(tickets).toContain(revealed.winner!.ticket);
    expect(await state()).toMatchObject({ step: 'revealed', close: revealed.close, winner: revealed.winner });
  });

  it('records the code on the public record, and the verifier checks it', async () => {
    expect(record).toMatchObject({ draw_code: closing.close!.draw_code, beacon: { round: closing.close!.round } });
    const verdict = await verifyDraw(record);
    expect(verdict.ok).toBe(true);
    expect(verdict.checks).toContainEqual(
      expect.objectContaining({ name: expect.stringMatching(/^draw code/), ok: true }),
    );
  });
});

describe('an entry settling while the round is awaited', () => {
  it('keeps the code read on air: the close stays at its count, and the entry goes to the next draw', async () => {
    const { user: admin, client: adminClient } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const onDuty = await aCheckedInAnnouncer(partner);
    const studio = await signedIn({ id: onDuty.ID, email: onDuty.Email, role: 'announcer' } as StaffUser);
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 3, threshold: 3 });
    for (let i = 0; i < 3; i += 1) await aPaidEntryByCode(promotion.sharedCode);
    // paid at MTN, but no callback: it settles when reconciled, which this test does while the close waits
    const late = await new ApiClient().call(
      routes.codeEntry,
      {},
      { mobile_number: await aPlayerNumber('silent'), shared_code: promotion.sharedCode, currency: 'LRD' },
    );
    expect(late.status).toBe(202);
    const lateId = late.body.entry_id as string;
    await waitForSimulatorStatus(lateId, 'SUCCESSFUL');

    // long enough for one close (its round ≥ 3 s ahead); other files' draws at the real time wait for their round
    // while the hold lasts, so it ends with this test
    await holdNearBeaconRounds(20);
    const screen = async () =>
      (await studio.call(routes.announcerBroadcast, { id: onDuty.ID, shared_code: promotion.sharedCode }))
        .body as BroadcastState;
    const close = studio.call(routes.announcerBroadcastClose, { id: onDuty.ID, shared_code: promotion.sharedCode });
    let onAir: BroadcastState | undefined;
    while (!onAir) {
      const seen = await screen();
      if (seen.step === 'closing') onAir = seen;
    }
    expect(onAir.close).toMatchObject({ entry_count: 3 });
    // the fourth entry settles into the same window before the round exists
    expect(await reconcileEntry(lateId, new Date())).toBe('settled');

    const closed = await close;
    expect(closed.status, closed.text).toBe(200);
    expect((closed.body as BroadcastState).close).toMatchObject({
      draw_code: onAir.close!.draw_code,
      round: onAir.close!.round,
      entry_count: 3,
    });
    const drawn = (await new ApiClient().call(routes.publicDraw, { draw_id: onAir.close!.draw_id }))
      .body as PublicDrawRecord;
    // the close was retried after the fourth entry (its count fixed at the announced 3), not redrawn
    expect(drawn).toMatchObject({ draw_code: onAir.close!.draw_code, window_count: 3, entry_count: 3, last_seq: 3 });
    expect((await verifyDraw(drawn)).ok).toBe(true);
    // the late entry is the next draw's first
    const moved = (await getEntry(lateId))!;
    expect(moved).toMatchObject({ status: 'paid', windowNo: drawn.window_no + 1, seq: 1 });
    expect((await screen()).window).toMatchObject({ entries: 1 });
    await holdNearBeaconRounds(0);
  }, 60_000);
});

describe('listeners check the code', () => {
  it('on the public lookup: game, entries, close and the masked winner', async () => {
    const response = await byCode(closing.close!.draw_code.toLowerCase());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'drawn',
      draw_id: record.draw_id,
      entry_count: 3,
      winner: record.winner,
      winning_seq: record.winning_seq,
      record_path: `/draws/${record.draw_id}`,
    });
    expect((await byCode('ZZZZZZ')).status).toBe(404);
    expect((await byCode('K0O1I2')).body).toEqual({ error: onAirMessages.badCode });
  });

  it('by USSD "Check a draw": the caller hears whether its own tickets were in it', async () => {
    expect(checkDrawItem).toBeGreaterThan(0);
    const code = closing.close!.draw_code;
    expect(screenText(await dialAs(listener, `${checkDrawItem}`), 'CON')).toContain(onAirMessages.enterCode);
    const mine = screenText(await dialAs(listener, `${checkDrawItem}*${code}`), 'END');
    expect(mine).toContain('3 entries');
    expect(mine).toContain('2 of your tickets were in it.');
    expect(mine).toContain(`Winner: ${record.winner}.`);
    const theirs = screenText(await dialAs(bystander, `${checkDrawItem}*${code}`), 'END');
    expect(theirs).toContain('None of your tickets was in it.');
    expect(screenText(await dialAs(bystander, `${checkDrawItem}*ABCDE`), 'END')).toContain(onAirMessages.badCode);
  });

  it('by the SMS keyword DRAW <code>, answered by SMS; a callback without the key is refused', async () => {
    const code = closing.close!.draw_code;
    expect((await inboundSms(listener, `draw ${code}`, 'ATXid_forged', 'wrong-key')).status).toBe(403);
    const { id, callbackStatus } = await textFromPhone(listener, `draw ${code}`);
    expect(callbackStatus).toBe(200);
    // redelivered by Africa's Talking: still one answer
    expect((await inboundSms(listener, `draw ${code}`, id)).status).toBe(200);
    expect(await attemptSms(smsIdOf('draw-check', `${listener}-${id}`), new Date())).toBe('sent');
    const answers = (await smsTo(listener)).filter((m) => m.text.includes(`Winner: ${record.winner}.`));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.text).toContain('2 of your tickets were in it.');
    // any other text gets how to ask
    const other = await textFromPhone(bystander, 'hello');
    expect(await attemptSms(smsIdOf('draw-check', `${bystander}-${other.id}`), new Date())).toBe('sent');
    expect((await smsTo(bystander)).map((m) => splitCheckCode(m.text).text)).toContain(onAirMessages.smsHelp);
  });
});

describe('npm run verify-draw with the entry list', () => {
  let logged: string[] = [];
  const log = console.log;
  beforeAll(() => {
    console.log = (line: string) => logged.push(line);
  });
  afterAll(() => {
    console.log = log;
  });

  it('accepts the record by its code with the true entry list, and refuses a tampered one', async () => {
    const entries = await Promise.all(
      tickets.map(async (ticket) => {
        const hash = await ticketHash(ticket);
        const proof = await fetchInclusionProof(record.draw_id, hash, baseUrl());
        return { seq: proof.seq, ticket_hash: hash };
      }),
    );
    entries.sort((a, b) => a.seq - b.seq);
    const dir = mkdtempSync(join(tmpdir(), 'entries-'));
    const file = (name: string, list: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(list));
      return path;
    };
    const code = closing.close!.draw_code;
    logged = [];
    expect(await main([code, '--entries', file('true.json', entries)], baseUrl())).toBe(0);
    expect(logged.join('\n')).toContain('ok   entry list matches the Merkle root');
    expect(logged.join('\n')).toContain('ok   draw code from the Merkle root and beacon round');

    const changed = entries.map((e, i) => (i === 1 ? { ...e, ticket_hash: 'ab'.repeat(32) } : e));
    logged = [];
    expect(await main([code, '--entries', file('changed.json', changed)], baseUrl())).toBe(1);
    expect(logged.join('\n')).toContain('FAIL entry list matches the Merkle root');

    logged = [];
    expect(await main([code, '--entries', file('short.json', entries.slice(0, 2))], baseUrl())).toBe(1);
    expect(logged.join('\n')).toContain('FAIL entry list matches the count');
  });
});
