/**
 * Voiding a drawn winner for cause and the linked redraw (issue 36 part 1; GLI-31 and AGCO re-draw rules:
 * every attempt is logged and public). The reasons are a fixed list: each is shown on the voided record
 * and on its redraw. Apart from ./messages.ts, which the home page bundles (its JavaScript is at its budget).
 */
export const VOID_REASONS = ['excluded-player', 'staff-member', 'ticket-invalid'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

export const voidReasonLabel: Record<VoidReason, string> = {
  'excluded-player': 'Excluded player',
  'staff-member': 'Staff member',
  'ticket-invalid': 'Ticket found invalid',
};

/** A redraw's id: the voided draw's window id and the attempt, `<window draw id>-r<n>` (a draw id's characters only). */
export function redrawIdOf(voidedDrawId: string): string {
  const match = /^(.*)-r(\d+)$/.exec(voidedDrawId);
  return match ? `${match[1]}-r${Number(match[2]) + 1}` : `${voidedDrawId}-r1`;
}

export const redrawMessages = {
  voided: (redrawId: string) => `Winner voided for cause. The redraw is public as ${redrawId}.`,
  badReason: `The reason must be one of: ${VOID_REASONS.join(', ')}.`,
  noSuchDraw: 'No draw with this id.',
  noWinner: 'This draw has no winner to void.',
  alreadyVoided: 'This winner was voided already: its redraw is the current record.',
  alreadyPaid: 'This prize was paid already: a paid prize cannot be voided (recover it outside the platform first).',
  payoutInFlight: 'A payout of this prize is in progress: void it once the payout has settled (failed or held).',
  unclaimed: 'This prize moved to the unclaimed-prizes balance: it can no longer be voided.',
  oldMethod: 'This draw was made before draws had a Merkle root and a public round: it cannot be redrawn here.',
  nothingLeft: 'Every entry of this draw is voided: there is nobody left to redraw.',
  changedMeanwhile: 'This draw changed while you voided it. Reload and try again.',
} as const;
