import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../shared/api/routes';
import type { PublicDrawRecord } from '../../shared/api/schemas/draws';
import { verifyDrawRecord, winningSeq } from '../../shared/draw-math';
import { maskMobileNumber } from '../../shared/phone';
import { fetchDrawRecord } from '../../scripts/verify-draw';
import type { StaffUser } from '../../functions/store/users';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';

/** Verifiable draws (issue 6 item 4): the public record, and `npm run verify-draw` on real and tampered records. */
let admin: StaffUser;
let adminClient: ApiClient;
let drawn: { record: PublicDrawRecord; msisdn: string };
let cleared: PublicDrawRecord;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  const partner = await aPartner();
  const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 5, threshold: 5 });
  const entries = await paidEntriesByCode(promotion.sharedCode, 5);
  const response = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString });
  if (response.status !== 200) throw new Error(response.text);
  const record = await fetchDrawRecord(response.body.winner.draw_id, baseUrl());
  drawn = { record, msisdn: entries.find((e) => e.entryId === response.body.winner.id)!.msisdn };

  await paidEntriesByCode(promotion.sharedCode, 2);
  const clear = await adminClient.call(routes.clearPartnerDraw, { id: admin.id }, { partnerUsername: partner.SearchString });
  if (clear.status !== 200) throw new Error(clear.text);
  cleared = await fetchDrawRecord(`${promotion.assignmentId}-w2`, baseUrl());
});

describe('the public draw record', () => {
  it('shows the promotion, commitment, revealed seed, entry count, winning seq, masked winner and time', () => {
    expect(drawn.record).toMatchObject({
      kind: 'threshold',
      game: 'partner',
      window_no: 1,
      entry_count: 5,
      window_count: 5,
      first_seq: 1,
      winner: maskMobileNumber(drawn.msisdn),
      prize_lrd: '5000.00',
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      drawn_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(drawn.record.promotion_title).toMatch(/^Promo /);
    expect(JSON.stringify(drawn.record)).not.toContain(drawn.msisdn);
  });

  it('exists only once a window is drawn: the open window\'s seed is never shown', async () => {
    const open = await new ApiClient().call(routes.publicDraw, { draw_id: drawn.record.draw_id.replace(/-w1$/, '-w3') });
    expect(open.status).toBe(404);
    expect((await new ApiClient().call(routes.publicDraw, { draw_id: 'no such draw!' })).status).toBe(404);
  });
});

describe('verify-draw', () => {
  it('verifies real draws: a winner, and a clear', () => {
    expect(verifyDrawRecord(drawn.record)).toMatchObject({ ok: true });
    expect(cleared).toMatchObject({ kind: 'cleared', entry_count: 2, winning_seq: null, winner: null });
    expect(verifyDrawRecord(cleared)).toMatchObject({ ok: true });
  });

  it('fails a tampered seed, count or winner', () => {
    const { record } = drawn;
    expect(verifyDrawRecord({ ...record, seed: randomBytes(32).toString('hex') }).ok).toBe(false);
    const otherCount = [6, 7, 8, 9, 10].find((n) => winningSeq(record.seed!, record.draw_id, n) !== record.winning_seq)!;
    expect(verifyDrawRecord({ ...record, entry_count: otherCount }).ok).toBe(false);
    expect(verifyDrawRecord({ ...record, winning_seq: (record.winning_seq! % 5) + 1 }).ok).toBe(false);
  });

  it('`npm run verify-draw -- <draw_id>` says VERIFIED and exits 0; an unknown draw cannot be checked (exit 2)', () => {
    const run = (id: string) =>
      spawnSync('npx', ['tsx', 'scripts/verify-draw.ts', id], { env: { ...process.env, VERIFY_BASE_URL: baseUrl() }, encoding: 'utf8' });
    const good = run(drawn.record.draw_id);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('VERIFIED: the winner is the one the committed seed picks.');
    const unknown = run('no-such-draw-w1');
    expect(unknown.status).toBe(2);
  });
});
