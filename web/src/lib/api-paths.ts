/**
 * Paths of the public play, verification and winners calls (DESIGN section 5).
 * The public pages keep these few strings instead of importing the whole
 * routing table (the home page's JavaScript budget is 90 KB); a test pins
 * every one to `shared/api/routes.ts`, so they cannot drift from the server.
 */
export const apiPaths = {
  entry: (entryId: string) => `/api/v1/entries/${encodeURIComponent(entryId)}`,
  publicWinners: '/api/v1/public/winners',
  publicHouseGames: '/api/v1/public/house-games',
  publicResults: '/api/v1/public/results',
  publicSite: '/api/v1/public/site',
} as const;
