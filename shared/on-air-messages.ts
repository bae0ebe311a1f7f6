/**
 * The on-air draw's texts (issue 36): the announcer's broadcast screen, the
 * short public record `/d/<code>`, USSD "Check a draw" and the `DRAW <code>`
 * SMS keyword. The phone texts are GSM-7 and fit a USSD screen (182 characters).
 */
export const onAirMessages = {
  screenTitle: 'On-air draw',
  stepOpen: 'Entries open',
  stepClosed: 'Entries closed',
  stepRound: 'Waiting for the public round',
  stepWinner: 'Winner',
  entries: 'Entries',
  stakes: 'Stakes',
  startClose: 'Close entries and draw',
  closing: 'Closing entries...',
  thresholdNotMet: (entries: number, required: number) => `${entries} of ${required} entries needed to draw`,
  merkleRoot: 'Entries fixed by Merkle root',
  round: (round: number) => `Decided by drand round ${round}`,
  drawCode: 'Draw code',
  readOnAir: 'Read this code on air now: the round that decides the winner does not exist yet.',
  countdown: (seconds: number) => `Round ${seconds === 1 ? 'arrives in 1 second' : `arrives in ${seconds} seconds`}`,
  roundDue: 'Round due now',
  winnerNumber: 'Winning number',
  winnerTicket: 'Ticket',
  checkAt: 'Listeners check it at',
  fullScreen: 'Full screen',
  exitFullScreen: 'Leave full screen',
  backToDashboard: 'Back to dashboard',
  loadFailed: 'The draw could not be loaded. Retrying...',
  /** A voided winner's redraw on the broadcast screen and the short record. */
  redrawOf: (code: string, reason: string) => `Redraw of draw ${code}: ${reason}`,
  voided: (reason: string) => `Winner voided: ${reason}`,
  redrawnAs: (code: string) => `Redrawn as draw ${code}`,
  /** The short public record /d/<code>. */
  recordTitle: (code: string) => `Draw ${code}`,
  fullRecord: 'Full record and verification',
  statusClosing: 'Entries closed: the winner is drawn when the public round arrives.',
  closedAt: 'Closed',
  notYetDrawn: 'Not yet drawn',
  badCode: 'A draw code is 6 letters and digits, e.g. K7M2QX.',
  noSuchCode: 'No draw has that code. Check the 6 characters and try again.',
  /** USSD "Check a draw" and the SMS keyword. */
  ussdItem: 'Check a draw',
  enterCode: 'Enter the 6-character draw code you heard on air:',
  facts: (f: { title: string; entries: number; closedAt: string; mine: number; winner: string | null }) =>
    `${f.title}: ${f.entries} entries, closed ${f.closedAt}. ` +
    (f.mine === 0
      ? 'None of your tickets was in it. '
      : `${f.mine} of your tickets ${f.mine === 1 ? 'was' : 'were'} in it. `) +
    (f.winner ? `Winner: ${f.winner}.` : 'Winner not yet drawn.'),
  /** The incoming-message callback without its key (a refusal: 403). */
  unknownSmsGateway: 'Unknown SMS gateway.',
  smsHelp: 'To check a draw, send DRAW and the 6-character code you heard on air, e.g. DRAW K7M2QX.',
} as const;
