import { useDocumentTitle } from '../../../hooks/use-document-title';
import { site, ussdHref } from '../../../lib/site';
import { HouseGameFacts } from '../../public/components/HouseGameFacts';
import { games } from '../games';
import type { Game } from '../types';
import { EntryForm } from './EntryForm';

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
