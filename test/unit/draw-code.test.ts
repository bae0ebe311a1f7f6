import { describe, expect, it } from 'vitest';
import {
  DRAW_CODE_ALPHABET,
  DRAW_CODE_LENGTH,
  drawCodeOf,
  drawCodePagePath,
  normalizeDrawCode,
} from '@shared/fairness/draw-code';
import { verifyDraw, type DrawRecordToCheck } from '@shared/fairness/draw-method';

const root = 'ab'.repeat(32);

describe('the draw code (issue 36)', () => {
  it('is six characters a listener can read aloud: no 0, O, 1 or I', async () => {
    expect(DRAW_CODE_ALPHABET).toHaveLength(32);
    expect(DRAW_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    const codes = await Promise.all(Array.from({ length: 200 }, (_, i) => drawCodeOf(root, 1000 + i)));
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${DRAW_CODE_ALPHABET}]{${DRAW_CODE_LENGTH}}$`));
    // 30 bits: 200 rounds of one root give 200 codes
    expect(new Set(codes).size).toBe(200);
  });

  it('follows from the Merkle root and the round alone, and changes with either', async () => {
    const code = await drawCodeOf(root, 4242);
    expect(await drawCodeOf(root, 4242)).toBe(code);
    expect(await drawCodeOf(root, 4243)).not.toBe(code);
    expect(await drawCodeOf(`${root.slice(0, 63)}c`, 4242)).not.toBe(code);
    await expect(drawCodeOf('not-a-root', 1)).rejects.toThrow(RangeError);
    await expect(drawCodeOf(root, 0)).rejects.toThrow(RangeError);
  });

  it('reads a code as typed or heard: case, spaces and dashes do not matter; confusable characters are refused', async () => {
    const code = await drawCodeOf(root, 7);
    expect(normalizeDrawCode(` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `)).toBe(code);
    expect(normalizeDrawCode('K7M2Q0')).toBeUndefined();
    expect(normalizeDrawCode('K7M2QI')).toBeUndefined();
    expect(normalizeDrawCode('K7M2Q')).toBeUndefined();
    expect(drawCodePagePath(code)).toBe(`/d/${code}`);
  });

  it('is checked by the verifier: a record whose code is not its root and round fails that check', async () => {
    const record: DrawRecordToCheck = {
      draw_id: 'x-w1',
      method: 'commit-merkle-beacon-1',
      kind: 'cleared',
      commitment: '',
      seed: '11'.repeat(32),
      entry_count: 0,
      first_seq: 1,
      window_count: 0,
      merkle_root: root,
      beacon: { round: 9, randomness: '', signature: '', chain: { hash: '', genesisTime: 0, period: 3 } },
      draw_code: await drawCodeOf(root, 9),
    };
    const ok = (await verifyDraw(record)).checks.find((c) => c.name.startsWith('draw code'));
    expect(ok).toMatchObject({ ok: true });
    const tampered = (await verifyDraw({ ...record, draw_code: await drawCodeOf(root, 10) })).checks.find((c) =>
      c.name.startsWith('draw code'),
    );
    expect(tampered).toMatchObject({ ok: false });
  });
});
