import { formatGmtDate } from '../../../lib/dates';
import { announcements, type AnnouncementType } from '../announcements';

const TYPE_LABEL: Record<AnnouncementType, string> = {
  important: 'Important',
  winner: 'Winners',
  update: 'Update',
};

export function Announcements() {
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
            <p>{item.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
