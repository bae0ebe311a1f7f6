import { chartDay } from '@web/lib/staff-dates';

export interface ChartPoint {
  /** GMT day, YYYY-MM-DD. */
  day: string;
  entries: number;
}

const WIDTH = 560;
const HEIGHT = 180;
const BOTTOM = 22;

/**
 * Paid entries per day over the last 14 GMT days, as bars (the dashboards'
 * "14-day entries chart"); the figures are also given as a table for
 * screen readers.
 */
export function EntriesChart({ points, title = 'Entries, last 14 days' }: { points: ChartPoint[]; title?: string }) {
  const max = Math.max(1, ...points.map((p) => p.entries));
  const slot = WIDTH / Math.max(1, points.length);
  return (
    <figure className="entries-chart-figure">
      <figcaption>{title}</figcaption>
      <svg className="entries-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {points.map((point, index) => {
          const height = ((HEIGHT - BOTTOM - 8) * point.entries) / max;
          const x = index * slot + slot * 0.15;
          return (
            <g key={point.day}>
              <rect
                className="entries-chart__bar"
                x={x}
                y={HEIGHT - BOTTOM - height}
                width={slot * 0.7}
                height={height}
              >
                <title>{`${chartDay(point.day)}: ${point.entries} entries`}</title>
              </rect>
              <text className="entries-chart__label" x={x + slot * 0.35} y={HEIGHT - 6} textAnchor="middle">
                {chartDay(point.day)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Entries</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <td>{chartDay(point.day)}</td>
              <td>{point.entries}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
