import { formatGmtDate } from '@web/lib/dates';
import { announcementsOf, type AnnouncementType } from '../announcements';
import { useHouseGames } from '../hooks/use-house-games';
import { Skeleton } from './Skeleton';

const TYPE_LABEL: Record<AnnouncementType, string> = {
  important: 'Important',
  winner: 'Winners',
  update: 'Update',
};

export function Announcements() {
  const announcements = announcementsOf(useHouseGames());
  return (
    <section className="section" aria-labelledby="announcements-heading">
      <h2 id="announcements-heading">Announcements</h2>
      <ul className="grid grid--three announcements">
        {announcements.map((item) => (
          <li key={item.id} className={`card announcement announcement--${item.type}`}>
            <p className="announcement__meta">
              <span className="badge">{TYPE_LABEL[item.type]}</span>
              <time dateTime={item.date}>{formatGmtDate(item.date)}</time>
            </p>
            <h3>{item.title}</h3>
            <p aria-busy={item.message === null}>{item.message ?? <Skeleton wide />}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
