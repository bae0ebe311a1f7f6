import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length } from '../../functions/integrations/sms/gsm7';

describe('one SMS (GSM 03.38)', () => {
  it('counts plain text one septet a character', () => {
    expect(gsm7Length('Your ticket: 7KQ2-M9XD-4. Good luck!')).toBe(36);
    expect(fitsOneSms('x'.repeat(160))).toBe(true);
    expect(fitsOneSms('x'.repeat(161))).toBe(false);
  });

  it('counts the extension characters twice', () => {
    expect(gsm7Length('[€]')).toBe(6);
    expect(fitsOneSms(`${'x'.repeat(158)}€`)).toBe(true);
    expect(fitsOneSms(`${'x'.repeat(159)}€`)).toBe(false);
  });

  it('falls back to 70 characters when one character is outside the alphabet', () => {
    expect(gsm7Length('Congratulations 🎉')).toBeNull();
    expect(fitsOneSms(`${'x'.repeat(68)}🎉`)).toBe(true); // the emoji is two UTF-16 units
    expect(fitsOneSms(`${'x'.repeat(69)}🎉`)).toBe(false);
    expect(fitsOneSms('“quoted”')).toBe(true);
    expect(gsm7Length('“quoted”')).toBeNull();
  });

  it('knows the whole basic alphabet', () => {
    const basic =
      '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect([...basic]).toHaveLength(127); // 128 code points less the escape
    expect(gsm7Length(basic)).toBe(127);
  });
});
