/**
 * Paths of the public play, verification and winners calls (issues 5 and 6,
 * DESIGN section 5). They join `shared/api/routes.ts` when those routes land;
 * until then the pages call these exact paths and show the API's real answer
 * (or its error) — there is no stand-in data.
 */
export const apiPaths = {
  dailyDrawEntry: '/api/v1/daily-draw/entry',
  jackpotEntry: '/api/v1/jackpot/entry',
  entry: (entryId: string) => `/api/v1/entries/${encodeURIComponent(entryId)}`,
  dailyDrawTicketVerification: '/api/v1/daily-draw/ticket/verification',
  jackpotTicketVerification: '/api/v1/jackpot/ticket/verification',
  publicWinners: '/api/v1/public/winners',
} as const;
