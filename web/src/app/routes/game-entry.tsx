import { EntryForm } from '../../features/play/components/EntryForm';
import { games } from '../../features/play/games';
import { HouseGameFacts } from '../../features/public/components/HouseGameFacts';
import { useDocumentTitle } from '../../hooks/use-document-title';
import type { Game } from '../../lib/public-api-types';
import { site, ussdHref } from '../../lib/site';

/**
 * A house game's page: the game's facts as configured (the public feature)
 * above its entry form (the play feature), composed here, where features meet.
 */
function GameEntryPage({ game }: { game: Game }) {
  const info = games[game];
  useDocumentTitle(info.title);
  return (
    <div className="page page--narrow">
      <h1>{info.title}</h1>
      <p className="lead">{info.summary}</p>
      <ul className="facts">
        <HouseGameFacts game={info.houseGame} />
        <li>
          No smartphone? Dial <a href={ussdHref}>{site.ussdCode}</a> on any phone.
        </li>
      </ul>
      <EntryForm game={game} />
    </div>
  );
}

export function DailyDrawPage() {
  return <GameEntryPage game="daily-draw" />;
}

export function JackpotPage() {
  return <GameEntryPage game="jackpot" />;
}
