import { useParams } from 'react-router-dom';
import { EntryForm } from '@web/features/play/components/EntryForm';
import { games } from '@web/features/play/games';
import { HouseGameFacts } from '@web/features/public/components/HouseGameFacts';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import type { HouseGameSlug } from '@shared/games';
import { site, ussdHref } from '@web/lib/site';

/**
 * A house game's page: the game's facts as configured (the public feature)
 * above its entry form (the play feature), composed here, where features meet.
 */
export function GameEntryPage({ game }: { game: HouseGameSlug }) {
  const info = games[game];
  // an entry being followed has its own address: reload, Back/Forward and a reopened tab come back to it
  const { entryId } = useParams();
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
      <EntryForm game={game} entryId={entryId ?? null} />
    </div>
  );
}
