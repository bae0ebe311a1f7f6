import { setDefaultAutoSelectFamilyAttemptTimeout } from 'node:net';

/**
 * Every part of the local stack, and every test, reaches the others on
 * `localhost`. Where it resolves to both ::1 and 127.0.0.1, Node tries one
 * address, then the next after 250 ms; on a busy machine that timer fires
 * before the loopback handshake is read and the call fails with ETIMEDOUT
 * (nodejs/node#54359): a callback or webhook lost for a reason no real
 * network would give. Loopback needs no race: give each attempt 5 s.
 */
export function patientLoopback(): void {
  setDefaultAutoSelectFamilyAttemptTimeout(5_000);
}
