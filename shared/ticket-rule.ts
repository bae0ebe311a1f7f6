/**
 * The one rule for late daily tickets, as every text states
 * it: Terms, How to Play and the daily page; the checker's "expired" answer
 * (shared/messages.ts) says the same. The rule itself is
 * functions/modules/games/house-schedule.ts `ticketDrawDay`; the ticket SMS and the
 * checker name the very draw (`ticketDrawWhen`). A module of its own: the
 * home page's JavaScript does not carry it (DESIGN section 9).
 */
export const dailyTicketRule = (drawTime: string): string =>
  `A daily ticket is in the first daily draw after it is bought: bought after the day's ${drawTime} GMT draw, it is in the next day's draw.`;
