import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { LOOKUP_KEYS, type AttentionItem, type LookupKey, type PlayerStory } from '@shared/api/schemas/support';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { Field, FormField } from '@web/components/staff/FormField';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { useAdmin } from '@web/hooks/use-admin';
import { errorMessage } from '@web/lib/api-client';
import { dateTime } from '@web/lib/staff-dates';
import { fetchAttention, lookUpPlayer } from '../api/support';
import { EntryCard } from '../components/EntryCard';
import { HeldPrizesPanel } from '../components/HeldPrizesPanel';
import { PlayerPanel } from '../components/PlayerPanel';
import '../support.css';

const KEY_LABELS: Record<LookupKey, string> = {
  mobile: 'Mobile number',
  ticket: 'Ticket number',
  entry: 'Entry id',
  reference: 'Provider reference',
};

const ATTENTION_LABELS: Record<AttentionItem['kind'], string> = {
  'debit-without-outcome': 'Debit without outcome',
  'failed-sms': 'Failed SMS',
  'failed-payout': 'Failed payout',
  'late-success': 'Late success',
  'open-complaint': 'Open complaint',
};

/**
 * support-desk: find a player by mobile number, ticket number, entry id or
 * provider reference and see the whole story, newest first, with the desk's
 * actions (DESIGN section 7; the server checks the `support` permission and
 * audit-logs every look-up and action); and what needs attention, each
 * linking to its player.
 */
export function SupportDeskScreen() {
  const { adminId } = useAdmin();
  const byId = useId();
  const [by, setBy] = useState<LookupKey>('mobile');
  const [query, setQuery] = useState('');
  const [story, setStory] = useState<PlayerStory | null>(null);
  const [attention, setAttention] = useState<AttentionItem[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadAttention = useCallback(() => {
    fetchAttention(adminId)
      .then((answer) => setAttention(answer.Items))
      .catch((failure: unknown) => setError(errorMessage(failure, messages.generic.unexpected)));
  }, [adminId]);
  useEffect(loadAttention, [loadAttention]);

  const lookUp = async (key: LookupKey, q: string) => {
    if (!q.trim()) {
      setError(messages.validation.allFieldsRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setStory(await lookUpPlayer(adminId, key, q.trim()));
    } catch (failure) {
      setStory(null);
      setError(errorMessage(failure, messages.generic.unexpected));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    void lookUp(by, query);
  };
  const changed = (message: string) => {
    setStatus(message);
    if (story) void lookUp('mobile', story.mobile_number);
    loadAttention();
  };
  const open = (mobile: string) => {
    setBy('mobile');
    setQuery(mobile);
    setStatus(null);
    void lookUp('mobile', mobile);
  };

  return (
    <>
      <h1 className="staff-title">Support desk</h1>
      <p className="staff-subtitle">
        Find a player and see every entry, SMS, prize, payout, refund, limit and complaint. Every look-up is recorded in
        the audit log.
      </p>
      <section className="staff-card">
        <form className="form support-lookup" noValidate onSubmit={submit} aria-label="Find a player">
          <Field id={byId} label="Look up by">
            <select id={byId} value={by} onChange={(event) => setBy(event.target.value as LookupKey)}>
              {LOOKUP_KEYS.map((key) => (
                <option key={key} value={key}>
                  {KEY_LABELS[key]}
                </option>
              ))}
            </select>
          </Field>
          <FormField label={KEY_LABELS[by]} mandatory value={query} onChange={setQuery} autoComplete="off" />
          <div className="staff-form-actions support-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Look up
            </button>
          </div>
        </form>
        {status ? <p role="status">{status}</p> : null}
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      </section>
      {story ? (
        <>
          <PlayerPanel story={story} onChanged={changed} />
          <HeldPrizesPanel prizes={story.held_prizes} onChanged={changed} />
          <h2 className="support-heading">Entries, newest first</h2>
          {story.entries.length === 0 ? <p>No entries.</p> : null}
          {story.entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} onChanged={changed} />
          ))}
        </>
      ) : null}
      <section className="staff-card" aria-labelledby="attention-heading">
        <h2 id="attention-heading">Needs attention</h2>
        {attention === null ? <LoadingStatus className="empty" text="Loading what needs attention…" /> : null}
        {attention?.length === 0 ? <p>Nothing needs attention.</p> : null}
        <ul className="support-list">
          {attention?.map((item) => (
            <li key={`${item.kind}-${item.ref}`}>
              <span>
                <strong>{ATTENTION_LABELS[item.kind]}</strong> · {dateTime(item.at)} GMT · {item.detail}
              </span>
              <button type="button" className="button" onClick={() => open(item.mobile_number)}>
                Open {item.mobile_number}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
