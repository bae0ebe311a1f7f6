import { useId, useState } from 'react';
import type { PlayerStory } from '@shared/api/schemas/support';
import { EXCLUSION_PERIODS, type ExclusionPeriod } from '@shared/responsible-play';
import { useAdmin } from '@web/hooks/use-admin';
import { formatGmtDate } from '@web/lib/dates';
import { excludeNumber, liftExclusion, noteComplaint, resolveComplaint } from '../api/support';
import { ReasonDialog } from './ReasonDialog';

type Action = 'exclude' | 'lift' | 'complaint' | { resolve: string };

/** A player's standing (exclusion, limits) and complaints, with the desk's actions on them. */
export function PlayerPanel({ story, onChanged }: { story: PlayerStory; onChanged: (message: string) => void }) {
  const { adminId } = useAdmin();
  const periodId = useId();
  const resolutionId = useId();
  const [action, setAction] = useState<Action | null>(null);
  const [period, setPeriod] = useState<ExclusionPeriod>('6-months');
  const [resolution, setResolution] = useState('');
  const { exclusion } = story;
  return (
    <section className="staff-card" aria-labelledby="support-player-heading">
      <h2 id="support-player-heading">
        {story.mobile_number} ({story.provider.toUpperCase()})
      </h2>
      <dl className="support-facts">
        <dt>Exclusion</dt>
        <dd>
          {exclusion.excluded
            ? `Excluded ${exclusion.permanent ? 'permanently' : `until ${formatGmtDate(exclusion.until ?? '')}`} (by ${exclusion.by})`
            : 'Not excluded'}
        </dd>
        <dt>Own daily limit</dt>
        <dd>{story.limits.own_daily_limit ? `${story.limits.own_daily_limit} LRD` : 'None set'}</dd>
        <dt>Spent today</dt>
        <dd>{story.limits.spent_today} LRD</dd>
      </dl>
      <div className="staff-form-actions support-actions">
        {exclusion.excluded ? (
          <button type="button" className="button" onClick={() => setAction('lift')}>
            Lift exclusion
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setAction('exclude')}>
            Exclude
          </button>
        )}
        <button type="button" className="button" onClick={() => setAction('complaint')}>
          Note a complaint
        </button>
      </div>
      <h3>Complaints</h3>
      {story.complaints.length === 0 ? <p className="staff-cell-note">No complaints.</p> : null}
      <ul className="support-list">
        {story.complaints.map((complaint) => (
          <li key={complaint.id}>
            <span>
              {formatGmtDate(complaint.opened_at)} — {complaint.summary} — <strong>{complaint.status}</strong>
              {complaint.resolution ? `: ${complaint.resolution}` : ''}
            </span>
            {complaint.status === 'open' ? (
              <button type="button" className="button" onClick={() => setAction({ resolve: complaint.id })}>
                Resolve
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {action === 'exclude' ? (
        <ReasonDialog
          title="Exclude this number"
          confirmLabel="Exclude"
          onConfirm={async (reason) => (await excludeNumber(adminId, story.mobile_number, period, reason)).message}
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <div className="field">
            <label htmlFor={periodId}>Period</label>
            <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as ExclusionPeriod)}>
              {EXCLUSION_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        </ReasonDialog>
      ) : null}
      {action === 'lift' ? (
        <ReasonDialog
          title="Lift exclusion"
          confirmLabel="Lift exclusion"
          onConfirm={async (reason) => (await liftExclusion(adminId, story.mobile_number, reason)).message}
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <p>The number can enter draws again at once, on the website and by USSD.</p>
        </ReasonDialog>
      ) : null}
      {action === 'complaint' ? (
        <ReasonDialog
          title="Note a complaint"
          confirmLabel="Note complaint"
          reasonLabel="Complaint"
          onConfirm={async (summary) =>
            (await noteComplaint(adminId, story.mobile_number, summary, resolution.trim() || undefined)).message
          }
          onDone={onChanged}
          onClose={() => setAction(null)}
        >
          <div className="field">
            <label htmlFor={resolutionId}>Resolution (leave empty while open)</label>
            <textarea
              id={resolutionId}
              rows={2}
              value={resolution}
              onChange={(event) => setResolution(event.target.value)}
            />
          </div>
        </ReasonDialog>
      ) : null}
      {action !== null && typeof action === 'object' ? (
        <ReasonDialog
          title="Resolve complaint"
          confirmLabel="Resolve"
          reasonLabel="Resolution"
          onConfirm={async (text) => (await resolveComplaint(adminId, action.resolve, text)).message}
          onDone={onChanged}
          onClose={() => setAction(null)}
        />
      ) : null}
    </section>
  );
}
