import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { winningSeq } from '@shared/draw-math';
import { DRAND_QUICKNET, roundAfter, roundAt, roundTime, type BeaconChain } from '@shared/fairness/beacon';
import { commitmentOfSeed, drawPosition, verifyDraw, type DrawRecordToCheck } from '@shared/fairness/draw-method';
import {
  appendLeaf,
  emptyFrontier,
  frontierRoot,
  inclusionProof,
  merkleRoot,
  ticketHash,
  verifyInclusion,
  type MerkleEntry,
} from '@shared/fairness/merkle';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** RFC 9162 section 2.1.1's MTH written out directly with node:crypto, as an independent reference. */
function referenceRoot(entries: MerkleEntry[]): string {
  const leaf = (e: MerkleEntry) => {
    const seq = Buffer.alloc(8);
    seq.writeBigUInt64BE(BigInt(e.seq));
    return sha(Buffer.from([0]), seq, Buffer.from(e.ticketHash, 'hex'));
  };
  const mth = (d: MerkleEntry[]): Buffer => {
    if (d.length === 0) return sha();
    if (d.length === 1) return leaf(d[0]!);
    let k = 1;
    while (k * 2 < d.length) k *= 2;
    return sha(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
  };
  return mth(entries).toString('hex');
}

const anEntry = (seq: number): MerkleEntry => ({
  seq,
  ticketHash: createHash('sha256')
    .update(String(10_000_000_000_000 + seq))
    .digest('hex'),
});
const entriesUpTo = (n: number) => Array.from({ length: n }, (_, i) => anEntry(i + 1));

describe('the Merkle root of a window (RFC 9162 section 2.1)', () => {
  it('equals the RFC reference for every size up to 33, built at once or leaf by leaf', async () => {
    let frontier = emptyFrontier();
    for (let n = 0; n <= 33; n += 1) {
      const entries = entriesUpTo(n);
      const expected = referenceRoot(entries);
      expect(await merkleRoot(entries), `n=${n}`).toBe(expected);
      expect(await frontierRoot(frontier), `frontier n=${n}`).toBe(expected);
      frontier = await appendLeaf(frontier, anEntry(n + 1));
    }
  });

  it('proves every entry of a window and nothing else', async () => {
    for (const n of [1, 2, 3, 5, 8, 13]) {
      const entries = entriesUpTo(n);
      const root = await merkleRoot(entries);
      for (let i = 0; i < n; i += 1) {
        const proof = await inclusionProof(entries, i);
        expect(await verifyInclusion(entries[i]!, i, n, proof, root), `n=${n} i=${i}`).toBe(true);
        // another entry, another position, another root or a changed sibling fails
        expect(await verifyInclusion(anEntry(99), i, n, proof, root)).toBe(false);
        if (n > 1) expect(await verifyInclusion(entries[i]!, (i + 1) % n, n, proof, root)).toBe(false);
        // the size is the record's entry count; a proof never holds against another window's root
        expect(await verifyInclusion(entries[i]!, i, n, proof, await merkleRoot(entriesUpTo(n + 1)))).toBe(false);
        if (proof.length > 0) {
          const bent = [...proof];
          bent[0] = `${bent[0]!.slice(0, 63)}${bent[0]!.endsWith('0') ? '1' : '0'}`;
          expect(await verifyInclusion(entries[i]!, i, n, bent, root)).toBe(false);
        }
      }
    }
  });

  it('hashes ticket numbers by their digits alone', async () => {
    expect(await ticketHash('6741-5745-9946-86')).toBe(await ticketHash('67415745994686'));
    expect(await ticketHash('67415745994686')).toBe(createHash('sha256').update('67415745994686').digest('hex'));
  });
});

describe('the draw method', () => {
  it('draws old records exactly as before (commit-reveal-1 equals shared/draw-math)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ maxLength: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (seed, drawId, n) => {
          const seedHex = Buffer.from(seed).toString('hex');
          return (
            (await drawPosition({ method: 'commit-reveal-1', drawId, seedHex, entryCount: n })) ===
            winningSeq(seedHex, drawId, n)
          );
        },
      ),
      { seed: 2026, numRuns: 60 },
    );
  }, 30_000);

  it('depends on the beacon: the same seed and entries give different winners for different rounds', async () => {
    const seedHex = randomBytes(32).toString('hex');
    const positions = new Set<number>();
    for (let i = 0; i < 20; i += 1) {
      positions.add(
        await drawPosition({
          method: 'commit-merkle-beacon-1',
          drawId: 'a-w1',
          seedHex,
          entryCount: 1000,
          merkleRoot: 'ab'.repeat(32),
          beaconRandomness: randomBytes(32).toString('hex'),
        }),
      );
    }
    expect(positions.size).toBeGreaterThan(10);
  });

  it('picks the first beacon round after the close', () => {
    const chain: BeaconChain = { hash: 'aa', genesisTime: 1_000, period: 3 };
    expect(roundAt(chain, new Date(999_000))).toBe(0);
    expect(roundAt(chain, new Date(1_000_000))).toBe(1);
    expect(roundAt(chain, new Date(1_002_999))).toBe(1);
    expect(roundAt(chain, new Date(1_003_000))).toBe(2);
    expect(roundAfter(chain, new Date(1_003_000))).toBe(3);
    expect(roundTime(chain, 3).getTime()).toBe(1_006_000);
    expect(roundAt(DRAND_QUICKNET, roundTime(DRAND_QUICKNET, 5_000_000))).toBe(5_000_000);
  });
});

describe('checking a draw record step by step', () => {
  /** Drawn among seqs 4..10 of a window of `windowCount` (more than 10: the rest paid after a house draw's moment). */
  async function aRecord(windowCount = 10): Promise<DrawRecordToCheck> {
    const seed = randomBytes(32).toString('hex');
    const chain: BeaconChain = { hash: 'cc'.repeat(32), genesisTime: 1_700_000_000, period: 3 };
    const closedAt = new Date('2026-11-25T21:00:00.500Z');
    const signature = randomBytes(48).toString('hex');
    const beacon = {
      chain,
      round: roundAfter(chain, closedAt),
      signature,
      randomness: sha(Buffer.from(signature, 'hex')).toString('hex'),
    };
    // the tree covers the whole window (seqs 1..10); the draw is among its last 7 (earlier ones left out)
    const entries = await Promise.all(
      Array.from({ length: windowCount }, async (_, i) => ({
        seq: 1 + i,
        ticket_hash: await ticketHash(String(50_000_000_000_000 + i)),
      })),
    );
    const root = await merkleRoot(entries.map((e) => ({ seq: e.seq, ticketHash: e.ticket_hash })));
    const position = await drawPosition({
      method: 'commit-merkle-beacon-1',
      drawId: 'x-w2',
      seedHex: seed,
      entryCount: 7,
      merkleRoot: root,
      beaconRandomness: beacon.randomness,
    });
    return {
      draw_id: 'x-w2',
      method: 'commit-merkle-beacon-1',
      kind: 'threshold',
      commitment: await commitmentOfSeed(seed),
      seed,
      entry_count: 7,
      first_seq: 4,
      window_count: windowCount,
      ...(windowCount > 10 ? { kind: 'house', last_seq: 10 } : {}),
      winning_seq: 3 + position,
      closed_at: closedAt.toISOString(),
      merkle_root: root,
      entries,
      beacon,
    };
  }

  const failing = async (record: DrawRecordToCheck) =>
    (await verifyDraw(record)).checks.filter((c) => !c.ok).map((c) => c.name);

  it('verifies an untouched record', async () => {
    const verdict = await verifyDraw(await aRecord());
    expect(verdict.checks.map((c) => c.name)).toEqual([
      'seed matches commitment',
      'entries drawn among run to the end of the window',
      'entry list matches the count',
      'entry list matches the Merkle root',
      'beacon round after the close',
      'beacon randomness matches its signature',
      'winning sequence number',
    ]);
    expect(verdict.ok).toBe(true);
  });

  it('names the step a changed byte breaks', async () => {
    const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
    const record = await aRecord();
    expect(await failing({ ...record, seed: flip(record.seed!) })).toContain('seed matches commitment');
    expect(
      await failing({
        ...record,
        entries: record.entries!.map((e, i) => (i === 2 ? { ...e, ticket_hash: flip(e.ticket_hash) } : e)),
      }),
    ).toEqual(['entry list matches the Merkle root']);
    expect(await failing({ ...record, entries: record.entries!.slice(1) })).toEqual([
      'entry list matches the count',
      'entry list matches the Merkle root',
    ]);
    // (the winner recomputed from a changed root or beacon value is the recorded one by chance 1 time in 7: not asserted)
    expect((await failing({ ...record, merkle_root: flip(record.merkle_root!) }))[0]).toBe(
      'entry list matches the Merkle root',
    );
    expect(
      (await failing({ ...record, beacon: { ...record.beacon!, randomness: flip(record.beacon!.randomness) } }))[0],
    ).toBe('beacon randomness matches its signature');
    expect(await failing({ ...record, beacon: { ...record.beacon!, round: record.beacon!.round - 1 } })).toEqual([
      'beacon round after the close',
    ]);
    expect(await failing({ ...record, winning_seq: record.winning_seq! === 4 ? 5 : 4 })).toEqual([
      'winning sequence number',
    ]);
    expect(await failing({ ...record, entry_count: 6 })).toContain('entries drawn among run to the end of the window');
    // no winner drawn (a clear): no beacon needed, and none may be claimed
    expect(await failing({ ...record, kind: 'cleared', winning_seq: null, beacon: null })).toEqual([]);
  });

  it('verifies a house draw that left the tickets paid after its draw moment for the next draw, as it declares', async () => {
    const record = await aRecord(12);
    const verdict = await verifyDraw(record);
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.find((c) => c.name === 'entries drawn among run to the end of the window')?.detail).toContain(
      '#11..#12 were paid after the draw moment: in the next draw',
    );
    // undeclared, or declared other than the entries drawn among, the range must still end the window
    const { last_seq: _declared, ...undeclared } = record;
    expect(await failing(undeclared)).toEqual(['entries drawn among run to the end of the window']);
    expect(await failing({ ...record, last_seq: 11 })).toEqual(['entries drawn among run to the end of the window']);
    expect(await failing({ ...record, last_seq: 13 })).toEqual(['entries drawn among run to the end of the window']);
    expect(await failing({ ...record, kind: 'cleared', winning_seq: null, beacon: null })).toEqual([]);
  });
});

describe('a redraw passes over the voided entries (method step 5)', () => {
  const inputs = {
    method: 'commit-merkle-beacon-1' as const,
    drawId: 'a-w1-r1',
    seedHex: '2'.repeat(64),
    entryCount: 7,
    merkleRoot: '3'.repeat(64),
    beaconRandomness: '4'.repeat(64),
  };

  it('never picks an excluded position, and picks as before when the first pick is not excluded', async () => {
    const first = await drawPosition(inputs);
    const passed = await drawPosition({ ...inputs, excludedPositions: [first] });
    expect(passed).not.toBe(first);
    expect(await drawPosition({ ...inputs, excludedPositions: [first === 1 ? 2 : 1] })).toBe(first);
    const all = [1, 2, 3, 4, 5, 6].filter((p) => p !== 5);
    expect(await drawPosition({ ...inputs, excludedPositions: [...all, 7] })).toBe(5);
  });

  it('refuses to draw when every entry is excluded', async () => {
    await expect(drawPosition({ ...inputs, excludedPositions: [1, 2, 3, 4, 5, 6, 7] })).rejects.toThrow(/voided/);
  });
});
