import { site } from '@web/lib/site';
import type { PublicHouseGames } from './api/house-games';
import { drawWhen } from './schedule-text';

/** The home page's three announcements (spec section 2: id, type, title, message, date). */
export type AnnouncementType = 'important' | 'winner' | 'update';

export interface Announcement {
  id: number;
  type: AnnouncementType;
  title: string;
  /** null while the settings it names are on their way (the page shows a bar). */
  message: string | null;
  /** yyyy-MM-dd */
  date: string;
}

/** The announcements, the draw times read from the configured house games. */
export const announcementsOf = (games: PublicHouseGames | undefined): readonly Announcement[] => [
  {
    id: 1,
    type: 'important',
    title: 'Draw times',
    message: games
      ? `The Daily Cash Giveaway is drawn ${drawWhen(games.daily)} and the Jackpot ${drawWhen(games.jackpot)}.`
      : null,
    date: '2024-11-29',
  },
  {
    id: 2,
    type: 'winner',
    title: 'How winners are paid',
    message:
      'Prizes go to the winning mobile money number within 24 hours of the draw, and every winner is told by SMS.',
    date: '2024-11-29',
  },
  {
    id: 3,
    type: 'update',
    title: 'Play from any phone',
    message: `No data? Dial ${site.ussdCode} from any phone on Lonestar Cell MTN or Orange to enter and to check a ticket.`,
    date: '2024-11-29',
  },
];
