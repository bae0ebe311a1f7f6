import { PUBLIC } from '../access';
import { route, type RouteSpec } from '../route-spec';

/** Playing the house games and partner promotions (issue 5; spec section 7 "Public"). */
export const playRoutes = {
  dailyDrawEntryOptions: route('GET', '/api/v1/daily-draw/entry', 'public', PUBLIC),
  jackpotEntryOptions: route('GET', '/api/v1/jackpot/entry', 'public', PUBLIC),
} as const satisfies Record<string, RouteSpec>;
