import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEPTETS_PER_PART,
  SEPTETS_PER_SMS,
  smsSegments,
  UCS2_UNITS_PER_PART,
  UCS2_UNITS_PER_SMS,
} from '../../infra/local/provider-docs/gsm-03-38';

// The 3GPP TS 23.038 tables, as the test's own oracle: the 127 characters of the
// default alphabet (section 6.2.1, 128 codes less ESC) and the ten of the
// extension table (section 6.2.1.1), each sent as ESC + code.
const BASIC = [
  ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?',
  ...'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
];
const EXTENSION = [...'\f^{}\\[~]|€'];

/**
 * TS 23.040's rule, written as a cut of the encoded stream: one SMS up to 160
 * septets, else parts of 153 septets, a part never ending on the ESC of an
 * extension character (the ESC moves to the next part).
 */
function gsmPartsByTheRule(characters: readonly string[]): number {
  const stream = characters.flatMap((c) => (EXTENSION.includes(c) ? ['ESC', c] : [c]));
  if (stream.length <= SEPTETS_PER_SMS) return 1;
  let parts = 0;
  let at = 0;
  while (at < stream.length) {
    let end = Math.min(at + SEPTETS_PER_PART, stream.length);
    if (end < stream.length && stream[end - 1] === 'ESC') end -= 1;
    parts += 1;
    at = end;
  }
  return parts;
}

/** The same for UCS-2 (UTF-16 code units): a part never ends on a high surrogate. */
function ucs2PartsByTheRule(text: string): number {
  if (text.length <= UCS2_UNITS_PER_SMS) return 1;
  let parts = 0;
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + UCS2_UNITS_PER_PART, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts += 1;
    at = end;
  }
  return parts;
}

const gsmCharacter = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...BASIC) },
  { weight: 1, arbitrary: fc.constantFrom(...EXTENSION) },
);
const outsideGsm = fc.constantFrom('ç', 'ł', 'ş', 'Ж', '中', '“', '…', '🎉', '😀', '𝄞');

describe('GSM 03.38 segmentation (the SMS simulator, from 3GPP TS 23.038 / 23.040)', () => {
  it('random GSM-7 texts: GSM-7, septets counted from the tables, parts as the rule cuts them', () => {
    fc.assert(
      fc.property(fc.array(gsmCharacter, { maxLength: 700 }), (characters) => {
        const septets = characters.reduce((n, c) => n + (EXTENSION.includes(c) ? 2 : 1), 0);
        expect(smsSegments(characters.join(''))).toEqual({
          encoding: 'GSM-7',
          units: septets,
          parts: gsmPartsByTheRule(characters),
        });
      }),
      { seed: 3838, numRuns: 500 },
    );
  });

  it('random texts with a character outside the alphabet: UCS-2, 70 units alone, 67 a part', () => {
    const text = fc
      .tuple(fc.array(gsmCharacter, { maxLength: 300 }), fc.array(outsideGsm, { minLength: 1, maxLength: 80 }))
      .chain(([gsm, other]) => fc.shuffledSubarray([...gsm, ...other], { minLength: gsm.length + other.length }))
      .map((characters) => characters.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(smsSegments(t)).toEqual({ encoding: 'UCS-2', units: t.length, parts: ucs2PartsByTheRule(t) });
      }),
      { seed: 2338, numRuns: 500 },
    );
  });

  it('160 septets are one SMS, 161 two; 153 × 2 two, one more three', () => {
    expect(smsSegments('x'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsSegments('x'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsSegments('x'.repeat(306)).parts).toBe(2);
    expect(smsSegments('x'.repeat(307)).parts).toBe(3);
  });

  it('an extension character counts two septets, and is never split between parts', () => {
    expect(smsSegments(`${'x'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsSegments(`${'x'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    // 152 + € would straddle septets 153/154: it opens part two, which then holds 2 + 151 = 153
    expect(smsSegments(`${'x'.repeat(152)}€${'x'.repeat(151)}`)).toEqual({ encoding: 'GSM-7', units: 305, parts: 2 });
    // one more septet and part two is full: 306 septets, yet three parts
    expect(smsSegments(`${'x'.repeat(152)}€${'x'.repeat(152)}`)).toEqual({ encoding: 'GSM-7', units: 306, parts: 3 });
  });

  it('UCS-2: 70 units one SMS, 71 two, 67 × 2 two; a surrogate pair is never split', () => {
    expect(smsSegments(`${'x'.repeat(69)}ç`)).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsSegments(`${'x'.repeat(70)}ç`)).toEqual({ encoding: 'UCS-2', units: 71, parts: 2 });
    expect(smsSegments(`${'x'.repeat(133)}ç`).parts).toBe(2);
    expect(smsSegments(`${'x'.repeat(134)}ç`).parts).toBe(3);
    expect(smsSegments(`${'x'.repeat(68)}🎉`)).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    // the emoji's two units would straddle units 67/68: it opens part two
    expect(smsSegments(`${'x'.repeat(66)}🎉${'x'.repeat(65)}`)).toEqual({ encoding: 'UCS-2', units: 133, parts: 2 });
    expect(smsSegments(`${'x'.repeat(66)}🎉${'x'.repeat(66)}`)).toEqual({ encoding: 'UCS-2', units: 134, parts: 3 });
  });

  it('knows the tables: 127 one-septet characters, 10 two-septet ones, ç is not in them', () => {
    expect(smsSegments(BASIC.join(''))).toEqual({ encoding: 'GSM-7', units: 127, parts: 1 });
    expect(smsSegments(EXTENSION.join(''))).toEqual({ encoding: 'GSM-7', units: 20, parts: 1 });
    expect(smsSegments('ç').encoding).toBe('UCS-2');
    expect(smsSegments('').parts).toBe(1);
  });
});
