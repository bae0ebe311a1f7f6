/**
 * The ticket check's texts (spec section 8, "Ticket verification failure"),
 * part of `messages` (shared/messages.ts) as `messages.ticket`. A module of its
 * own because the home page shows the ticket check: importing only this keeps
 * every other string out of the home page's JavaScript (DESIGN section 9: at
 * most 90 KB gzipped) — a bundler never splits one module across chunks.
 */
export const ticketMessages = {
  dailyFailed: 'Failed to verify daily draw ticket.',
  jackpotFailed: 'Failed to verify jackpot ticket.',
  validated: 'Ticket validated.',
} as const;
