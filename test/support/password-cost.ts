/**
 * The scrypt cost the test stacks hash staff passwords at (TEST_SCRYPT_N,
 * functions/modules/staff/passwords.ts): 2^14 instead of 2^17, as the suite creates
 * and signs in thousands of staff on 2 cores. test/unit/passwords.test.ts
 * proves the deployed cost.
 */
export const TEST_SCRYPT_N = String(2 ** 14);
