import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conductThresholdDraw } from '../../functions/modules/draws';
import { Refusal } from '../../functions/platform/refusal';
import { errorResponse } from '../../functions/platform/http-responses';
import { getAssignment } from '../../functions/modules/catalog';
import { LocalBeacon } from '../../infra/local/drand-beacon';
import { routes } from '@shared/api/routes';
import type { PublicDrawRecord, PublicFairDraws, PublicInclusionProof } from '@shared/api/schemas/draws';
import { roundAfter, roundAt, roundTime } from '@shared/fairness/beacon';
import { checkInclusion, drawPosition, verifyDraw } from '@shared/fairness/draw-method';
import { ticketHash } from '@shared/fairness/merkle';
import { messages } from '@shared/messages';
import { maskMobileNumber } from '@shared/phone';
import { fetchDrawRecord, fetchInclusionProof, main } from '../../scripts/verify-draw';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { sharedStack } from '../support/stack-target';

/** Fair draws anyone can check (DESIGN section 4, "Fair draws"): the public record, its proofs, and `npm run verify-draw`. */
let admin: StaffUser;
let adminClient: ApiClient;
let drawn: { record: PublicDrawRecord; msisdn: string; tickets: string[] };
let cleared: PublicDrawRecord;
let openedAt: string;
let commitmentAtOpen: string;
let fairAtOpen: PublicFairDraws;
const baseUrl = () => sharedStack().baseUrl;

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  const partner = await aPartner();
  const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 5, threshold: 5 });
  const opened = (await getAssignment(promotion.assignmentId))!;
  openedAt = opened.windowOpenedAt;
  commitmentAtOpen = opened.windowCommitment!;
  fairAtOpen = (await new ApiClient().call<PublicFairDraws>(routes.publicFairDraws, {})).body;
  // one after another: five racing settlements can outlast a callback on a loaded machine, and the race is not what this tests
  const entries = [];
  for (let i = 0; i < 5; i += 1) entries.push(await aPaidEntryByCode(promotion.sharedCode));
  const response = await adminClient.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString });
  if (response.status !== 200) throw new Error(response.text);
  const record = await fetchDrawRecord(response.body.winner.draw_id, baseUrl());
  drawn = {
    record,
    msisdn: entries.find((e) => e.entryId === response.body.winner.id)!.msisdn,
    tickets: entries.map((e) => e.ticket),
  };

  for (let i = 0; i < 2; i += 1) await aPaidEntryByCode(promotion.sharedCode);
  const clear = await adminClient.call(
    routes.clearPartnerDraw,
    { id: admin.id },
    { partnerUsername: partner.SearchString },
  );
  if (clear.status !== 200) throw new Error(clear.text);
  cleared = await fetchDrawRecord(`${promotion.assignmentId}-w2`, baseUrl());
});

describe('the public draw record', () => {
  it('shows the commitment, open and close times, entries, Merkle root, beacon round, revealed seed, winning seq and masked winner', () => {
    expect(drawn.record).toMatchObject({
      method: 'commit-merkle-beacon-1',
      kind: 'threshold',
      game: 'partner',
      window_no: 1,
      entry_count: 5,
      window_count: 5,
      first_seq: 1,
      winner: maskMobileNumber(drawn.msisdn),
      prize_lrd: '5000.00',
      commitment: commitmentAtOpen,
      opened_at: openedAt,
      merkle_root: expect.stringMatching(/^[0-9a-f]{64}$/),
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      beacon: { round: expect.any(Number), randomness: expect.stringMatching(/^[0-9a-f]{64}$/), chain: { period: 3 } },
      drawn_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(drawn.record.promotion_title).toMatch(/^Promo /);
    expect(JSON.stringify(drawn.record)).not.toContain(drawn.msisdn);
    for (const ticket of drawn.tickets) expect(JSON.stringify(drawn.record)).not.toContain(ticket);
  });

  it("exists only once a window is drawn: the open window's seed is never shown", async () => {
    const open = await new ApiClient().call(routes.publicDraw, {
      draw_id: drawn.record.draw_id.replace(/-w1$/, '-w3'),
    });
    expect(open.status).toBe(404);
    expect((await new ApiClient().call(routes.publicDraw, { draw_id: 'no such draw!' })).status).toBe(404);
  });

  it("lists every open window's commitment from the moment it opens, and the closed draws with their seeds", async () => {
    const window = fairAtOpen.open.find((w) => w.draw_id === drawn.record.draw_id);
    expect(window).toMatchObject({ commitment: commitmentAtOpen, opened_at: openedAt, game: 'partner', entries: 0 });
    expect(JSON.stringify(fairAtOpen)).not.toContain(drawn.record.seed!);
    const now = (await new ApiClient().call<PublicFairDraws>(routes.publicFairDraws, {})).body;
    expect(now.draws.find((d) => d.draw_id === drawn.record.draw_id)).toMatchObject({
      seed: drawn.record.seed,
      commitment: commitmentAtOpen,
      entry_count: 5,
      winner: maskMobileNumber(drawn.msisdn),
      beacon_round: drawn.record.beacon!.round,
    });
    expect(now.open.some((w) => w.draw_id === drawn.record.draw_id)).toBe(false);
  });
});

describe('entries provably in the draw', () => {
  it('proves each ticket\'s place ("entry #N of M") by the hash of its number, and refuses what is not in it', async () => {
    const seqs: number[] = [];
    for (const ticket of drawn.tickets) {
      const hash = await ticketHash(ticket);
      const proof = await fetchInclusionProof(drawn.record.draw_id, hash, baseUrl());
      const check = await checkInclusion(drawn.record, hash, proof);
      expect(check, check.detail).toMatchObject({
        ok: true,
        detail: expect.stringContaining(`entry #${proof.seq} of 5 in this draw`),
      });
      seqs.push(proof.seq);
    }
    expect(seqs.sort()).toEqual([1, 2, 3, 4, 5]);
    const stranger = await new ApiClient().call(routes.publicDrawProof, {
      draw_id: drawn.record.draw_id,
      ticket_hash: await ticketHash('12345678901234'),
    });
    expect(stranger.status).toBe(404);
    const malformed = await new ApiClient().call(routes.publicDrawProof, {
      draw_id: drawn.record.draw_id,
      ticket_hash: drawn.tickets[0]!,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(messages.fairDraws.badTicketHash);
  });
});

describe('no one can know the winner before the close', () => {
  it('draws with the first beacon round after the close, one not yet published while the window was open', async () => {
    const { beacon, closed_at } = drawn.record;
    expect(beacon!.round).toBe(roundAfter(beacon!.chain, new Date(closed_at!)));
    expect(roundTime(beacon!.chain, beacon!.round).getTime()).toBeGreaterThan(Date.parse(closed_at!));
    expect(beacon!.round).toBeGreaterThan(roundAt(beacon!.chain, new Date(openedAt)));
  });

  it('a drand relay refuses a round not yet due, so the winner could not be computed at the open', async () => {
    const honest = new LocalBeacon();
    await honest.start();
    try {
      const chain = drawn.record.beacon!.chain;
      const closeRound = roundAfter(chain, new Date());
      expect((await fetch(`${honest.url}/public/${closeRound}`)).status).toBe(425);
      expect((await fetch(`${honest.url}/public/${closeRound - 1}`)).status).toBe(200);
    } finally {
      await honest.stop();
    }
  });

  it('refuses to draw (503, nothing closes) when the beacon cannot be reached: never a fallback value', async () => {
    const partner = await aPartner();
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 2, threshold: 2 });
    for (let i = 0; i < 2; i += 1) await aPaidEntryByCode(promotion.sharedCode);
    const before = (await getAssignment(promotion.assignmentId))!;
    const saved = process.env.BEACON_URL;
    process.env.BEACON_URL = 'http://127.0.0.1:9/nowhere';
    try {
      const refused = await conductThresholdDraw({
        assignmentId: promotion.assignmentId,
        actor: { actorId: admin.id, actorRole: 'admin', sourceIp: '127.0.0.1' },
        now: new Date(),
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Refusal);
      expect(refused).toMatchObject({ kind: 'unavailable', message: messages.draw.beaconUnavailable });
      const answered = errorResponse(refused);
      expect(answered.status).toBe(503);
      expect(await answered.json()).toEqual({ error: messages.draw.beaconUnavailable });
    } finally {
      process.env.BEACON_URL = saved;
    }
    const after = (await getAssignment(promotion.assignmentId))!;
    expect(after).toMatchObject({
      windowNo: before.windowNo,
      windowCount: 2,
      windowCommitment: before.windowCommitment,
    });
  });
});

/** A server answering a (tampered) copy of a record and proof: what the CLI sees from a dishonest operator. */
async function serving(
  record: PublicDrawRecord,
  proof?: PublicInclusionProof,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = req.url?.includes('/proof/') ? proof : record;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** One hex character of `hex` changed. */
const flip = (hex: string, at = 10) => `${hex.slice(0, at)}${hex[at] === '0' ? '1' : '0'}${hex.slice(at + 1)}`;

describe('verify-draw', () => {
  let logged: string[] = [];
  const log = console.log;
  beforeAll(() => {
    console.log = (line: string) => logged.push(line);
  });
  afterAll(() => {
    console.log = log;
  });

  it('verifies real draws: a winner, and a clear', async () => {
    expect(await verifyDraw(drawn.record)).toMatchObject({ ok: true });
    expect(cleared).toMatchObject({ kind: 'cleared', entry_count: 2, winning_seq: null, winner: null, beacon: null });
    expect(await verifyDraw(cleared)).toMatchObject({ ok: true });
  });

  it('names the failing check when any part of the record, the beacon or a proof is changed', async () => {
    const { record } = drawn;
    const beacon = record.beacon!;
    const hash = await ticketHash(drawn.tickets[0]!);
    const proof = await fetchInclusionProof(record.draw_id, hash, baseUrl());
    const positionWith = (drawId: string) =>
      drawPosition({
        method: 'commit-merkle-beacon-1',
        drawId,
        seedHex: record.seed!,
        entryCount: 5,
        merkleRoot: record.merkle_root!,
        beaconRandomness: beacon.randomness,
      });
    let otherId = record.draw_id;
    for (let i = 0; (await positionWith(otherId)) === record.winning_seq; i += 1) otherId = `${record.draw_id}${i}`;
    const cases: Array<[string, PublicDrawRecord, PublicInclusionProof, string]> = [
      ['seed', { ...record, seed: randomBytes(32).toString('hex') }, proof, 'seed matches commitment'],
      ['commitment', { ...record, commitment: flip(record.commitment) }, proof, 'seed matches commitment'],
      ['entry count', { ...record, entry_count: 4 }, proof, 'entries drawn among run to the end of the window'],
      ['winner', { ...record, winning_seq: (record.winning_seq! % 5) + 1 }, proof, 'winning sequence number'],
      ['draw id', { ...record, draw_id: otherId }, proof, 'winning sequence number'],
      ['Merkle root', { ...record, merkle_root: flip(record.merkle_root!) }, proof, 'ticket included in the entries'],
      [
        'beacon value',
        { ...record, beacon: { ...beacon, randomness: flip(beacon.randomness) } },
        proof,
        'beacon randomness matches its signature',
      ],
      [
        'beacon round',
        { ...record, beacon: { ...beacon, round: beacon.round + 1 } },
        proof,
        'beacon round after the close',
      ],
      [
        'close time',
        { ...record, closed_at: new Date(Date.parse(record.closed_at!) - 60_000).toISOString() },
        proof,
        'beacon round after the close',
      ],
      [
        'proof',
        record,
        { ...proof, proof: proof.proof.map((p, i) => (i === 0 ? flip(p) : p)) },
        'ticket included in the entries',
      ],
      ['proof position', record, { ...proof, seq: (proof.seq % 5) + 1 }, 'ticket included in the entries'],
    ];
    for (const [what, tampered, tamperedProof, failing] of cases) {
      const site = await serving(tampered, tamperedProof);
      logged = [];
      try {
        expect(await main([record.draw_id, '--ticket', drawn.tickets[0]!], site.url), what).toBe(1);
      } finally {
        site.server.close();
      }
      const out = logged.join('\n');
      expect(out, what).toContain(`FAIL ${failing}:`);
      expect(out.split('\n').at(-1), what).toMatch(/^NOT VERIFIED: failed .*"/);
      expect(out.split('\n').at(-1), what).toContain(`"${failing}"`);
    }
    // the untouched record and proof pass the same way
    const honest = await serving(record, proof);
    logged = [];
    try {
      expect(await main([record.draw_id, '--ticket', drawn.tickets[0]!], honest.url)).toBe(0);
    } finally {
      honest.server.close();
    }
    expect(logged.join('\n')).toContain('ok   ticket included in the entries: entry #');
  });

  it('`npm run verify-draw -- <draw_id>` says VERIFIED and exits 0; an unknown draw cannot be checked (exit 2)', () => {
    const run = (...args: string[]) =>
      spawnSync('npx', ['tsx', 'scripts/verify-draw.ts', ...args], {
        env: { ...process.env, VERIFY_BASE_URL: baseUrl() },
        encoding: 'utf8',
      });
    const good = run(drawn.record.draw_id, '--ticket', drawn.tickets[1]!);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('VERIFIED: the winner is the one the published method picks.');
    expect(good.stdout).toMatch(/ok {3}ticket included in the entries: entry #\d of 5 in this draw/);
    const unknown = run('no-such-draw-w1');
    expect(unknown.status).toBe(2);
  });
});
