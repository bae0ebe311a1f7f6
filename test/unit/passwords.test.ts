import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/domain/passwords';

describe('passwords (scrypt, DESIGN section 7)', () => {
  it('hashes at N=2^17, r=8, p=1 with a random salt and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
