import { useId } from 'react';
import { parseMoney } from '@shared/money';
import { formatStaffLrd, formatStaffUsd } from '@web/lib/staff-money';
import { SETTINGS_LABELS, settingsProblems, WEEKDAYS, type SettingsField, type SettingsFields } from './settings-form';

/** What players see of each setting, and when a change reaches them (DESIGN section 4: a told draw stays). */
const PLAYER_FACING: ReadonlyArray<[SettingsField, 'lrd' | 'usd' | 'text' | 'weekday', string]> = [
  ['dailyPriceLrd', 'lrd', 'from the next entry'],
  ['dailyPriceUsd', 'usd', 'from the next entry'],
  ['dailyPrize', 'lrd', 'from the next draw'],
  ['dailyTime', 'text', 'for tickets sold after saving'],
  ['jackpotPriceLrd', 'lrd', 'from the next entry'],
  ['jackpotPriceUsd', 'usd', 'from the next entry'],
  ['jackpotBase', 'lrd', 'from the next draw'],
  ['jackpotShare', 'text', 'from the next draw'],
  ['jackpotCap', 'lrd', 'from the next draw'],
  ['jackpotWeekday', 'weekday', 'for tickets sold after saving'],
  ['jackpotTime', 'text', 'for tickets sold after saving'],
  ['spendLimit', 'lrd', 'from the next entry'],
];

const shown = (kind: 'lrd' | 'usd' | 'text' | 'weekday', text: string): string => {
  if (kind === 'weekday') return WEEKDAYS[Number(text)] ?? text;
  if (kind === 'text') return text.trim();
  const cents = parseMoney(text.replace(/,/g, ''));
  if (cents === null) return text;
  return kind === 'lrd' ? formatStaffLrd(cents) : formatStaffUsd(cents);
};

/** The player-facing changes the form would save, each "before → after" with when it applies. */
function playerChanges(before: SettingsFields, after: SettingsFields): string[] {
  const problems = settingsProblems(after);
  return PLAYER_FACING.filter(([field]) => before[field].trim() !== after[field].trim() && !problems[field]).map(
    ([field, kind, when]) =>
      `${SETTINGS_LABELS[field]}: ${shown(kind, before[field])} → ${shown(kind, after[field])} (${when})`,
  );
}

/** Shown before saving, so the editor sees what players will see; nothing while nothing player-facing changes. */
export function SettingsPreview({ before, after }: { before: SettingsFields; after: SettingsFields }) {
  const headingId = useId();
  const changes = playerChanges(before, after);
  if (changes.length === 0) return null;
  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>What changes for players</h2>
      <ul>
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
    </section>
  );
}
