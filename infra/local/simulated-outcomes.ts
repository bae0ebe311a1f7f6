/**
 * The mobile-money simulators' test numbers (README "Local default secrets"):
 * the last six digits of the payer's or payee's number decide what happens,
 * so the same endings work on both networks' simulators.
 */
export type SimulatedOutcome =
  | 'approve'
  | 'decline'
  | 'expire'
  | 'silent'
  | 'twice'
  | 'stuck'
  | 'slow'
  | 'flaky'
  | 'unregistered'
  | 'late';

const SIMULATED_OUTCOMES: Readonly<Record<string, SimulatedOutcome>> = {
  '000101': 'decline',
  '000102': 'expire',
  '000103': 'silent',
  '000104': 'twice',
  '000105': 'stuck',
  '000106': 'slow',
  '000107': 'flaky',
  '000108': 'unregistered',
  // the player approves the prompt after the product's payment expiry (MOMO_SIM_LATE_APPROVE_MS)
  '000109': 'late',
};

/** How long a 'late' number stays PENDING before it is approved by default: past the product's 15-minute expiry unless set. */
export function defaultLateMs(): number {
  return Number(process.env.MOMO_SIM_LATE_APPROVE_MS ?? 16 * 60_000);
}

export function simulatedOutcome(msisdn: string): SimulatedOutcome {
  return SIMULATED_OUTCOMES[msisdn.slice(-6)] ?? 'approve';
}
