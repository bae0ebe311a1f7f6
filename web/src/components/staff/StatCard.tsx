export interface StatCardProps {
  title: string;
  value: string;
  subtitle?: string;
  /** A percentage change; null when there is no base to compare with. */
  trend?: number | null;
  /** What the trend compares against ("vs yesterday"). */
  trendLabel?: string;
}

/** A figure with its title, subtitle and trend (spec section 2, overview cards). */
export function StatCard({ title, value, subtitle, trend, trendLabel }: StatCardProps) {
  return (
    <article className="stat-card">
      <h3 className="stat-card__title">{title}</h3>
      <p className="stat-card__value">{value}</p>
      {subtitle ? <p className="stat-card__subtitle">{subtitle}</p> : null}
      {trend !== undefined ? <Trend value={trend} label={trendLabel} /> : null}
    </article>
  );
}

function Trend({ value, label }: { value: number | null; label?: string }) {
  if (value === null) {
    return <p className="trend trend--flat">— {label ?? ''}</p>;
  }
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const sign = value > 0 ? '+' : '';
  return (
    <p className={`trend trend--${direction}`}>
      {sign}
      {value.toFixed(1)}% {label ?? ''}
    </p>
  );
}
