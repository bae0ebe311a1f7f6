import { useId } from 'react';
import { StatCard } from '@web/components/staff/StatCard';
import type { OverviewCard } from './overview-cards';

/** One of the overview's three card sections (spec section 2 "Overview"). */
export function CardSection({ title, note, cards }: { title: string; note: string; cards: OverviewCard[] }) {
  const headingId = useId();
  return (
    <section className="overview-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="overview-section__title">
        {title} <span className="overview-section__note">{note}</span>
      </h2>
      <div className="stat-grid">
        {cards.map(({ key, ...card }) => (
          <StatCard key={key} {...card} />
        ))}
      </div>
    </section>
  );
}
