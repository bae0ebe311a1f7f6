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

/**
 * The one rule for late daily tickets (issue 20 item 3), as every text states
 * it: Terms, How to Play, the daily page and the checker's "expired" answer.
 * The rule itself is functions/draws/house-schedule.ts `ticketDrawDay`; the
 * ticket SMS and the checker name the very draw (`ticketDrawWhen`).
 */
export const dailyTicketRule = (drawTime: string): string =>
  `A daily ticket is in the first daily draw after it is bought: bought after the day's ${drawTime} GMT draw, it is in the next day's draw.`;
