/** How full a bar is: value over scale, capped at 100% (spec section 9), 0 for an empty scale. */
function percentOf(value: number, scale: number): number {
  if (!(scale > 0) || !(value > 0)) return 0;
  return Math.min(100, (value / scale) * 100);
}

/** A bar of `value` against `scale`, capped at 100%. */
export function ProgressBar({ value, scale, label }: { value: number; scale: number; label: string }) {
  const percent = percentOf(value, scale);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
