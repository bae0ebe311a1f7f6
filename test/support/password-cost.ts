/**
 * The scrypt cost the test stacks hash staff passwords at (TEST_SCRYPT_N,
 * functions/modules/staff/passwords.ts): 2^10 instead of 2^17 (~2 ms a hash
 * on this machine, where 2^14 took ~40 ms), as the suite creates and signs in
 * thousands of staff on 2 cores. test/unit/passwords.test.ts proves the
 * deployed cost; credential-races hashes its racers slowly on purpose.
 */
export const TEST_SCRYPT_N = String(2 ** 10);
