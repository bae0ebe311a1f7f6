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
  | 'unregistered';

const SIMULATED_OUTCOMES: Readonly<Record<string, SimulatedOutcome>> = {
  '000101': 'decline',
  '000102': 'expire',
  '000103': 'silent',
  '000104': 'twice',
  '000105': 'stuck',
  '000106': 'slow',
  '000107': 'flaky',
  '000108': 'unregistered',
};

export function simulatedOutcome(msisdn: string): SimulatedOutcome {
  return SIMULATED_OUTCOMES[msisdn.slice(-6)] ?? 'approve';
}
