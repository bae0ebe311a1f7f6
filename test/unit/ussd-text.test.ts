import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gsm7Length, toGsm7 } from '../../functions/integrations/sms/gsm7';

describe('GSM-7 text for USSD screens (DESIGN section 8)', () => {
  it('respells look-alikes and drops accents the alphabet lacks', () => {
    expect(toGsm7('Tom & Jerry’s “Lucky” Hour — Côte d’Ivoire…')).toBe(`Tom & Jerry's "Lucky" Hour - Cote d'Ivoire...`);
    expect(toGsm7('Ça va, Müller, ñ')).toBe('Ça va, Müller, ñ');
    expect(toGsm7('幸运 🎉 [x]')).toBe('?? ? ?x?');
  });

  it('turns any text into the basic alphabet alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const clean = toGsm7(text);
        // every character single-septet: no extension characters, nothing outside the alphabet
        return gsm7Length(clean) === [...clean].length;
      }),
      { seed: 2026, numRuns: 100 },
    );
  }, 30_000);
});
