import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { SettingsView } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { Field, FormField } from '@web/components/staff/FormField';
import { SubmitButton } from '@web/components/staff/SubmitButton';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { notifySuccess } from '@web/lib/toast';
import { saveSettings, settingsQuery } from '../api/settings';
import {
  bodyOf,
  changedFields,
  fieldsOf,
  SETTINGS_LABELS,
  settingsProblems,
  WEEKDAYS,
  type SettingsField,
  type SettingsFields,
} from '../components/settings-form';
import { SettingsPreview } from '../components/SettingsPreview';
import { useAdmin } from '@web/hooks/use-admin';

const MONEY: readonly SettingsField[] = [
  'dailyPriceLrd',
  'dailyPriceUsd',
  'dailyPrize',
  'jackpotPriceLrd',
  'jackpotPriceUsd',
  'jackpotBase',
  'jackpotCap',
];

/**
 * settings (super admins): draw times, prizes, entry prices,
 * the USD → LRD rate and the fee rate. The form carries the version it was
 * read at; when someone else saved first, it shows the current values and
 * says which of the edits to make again.
 */
export function SettingsScreen() {
  const { adminId } = useAdmin();
  const client = useQueryClient();
  const loaded = useQuery(settingsQuery(adminId));
  const [view, setView] = useState<SettingsView | null>(null);
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const failed = Boolean(loaded.error) && !view;
  const [problems, setProblems] = useState<Partial<Record<SettingsField, string>>>({});
  const [notice, setNotice] = useState<{ text: string; fields: SettingsField[] } | null>(null);
  const [sending, setSending] = useState(false);

  // the form starts from a fresh answer, never a remembered one: the version it was read at guards the save
  if (!view && loaded.data && !loaded.isFetching && !loaded.error) {
    setView(loaded.data);
    setFields(fieldsOf(loaded.data));
  }

  if (failed) return <ErrorNotice>Could not load the settings. Please refresh your browser.</ErrorNotice>;
  if (!view || !fields) {
    return <LoadingStatus className="empty" text="Loading settings…" />;
  }

  const set = (field: SettingsField) => (value: string) => setFields({ ...fields, [field]: value });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = settingsProblems(fields);
    setProblems(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const saved = await saveSettings(adminId, bodyOf(fields, view.version));
      setView(saved.Settings);
      setFields(fieldsOf(saved.Settings));
      notifySuccess(saved.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // someone else saved first: show what is current, and which of this editor's changes to apply again
        const current = await client.fetchQuery(settingsQuery(adminId)).catch(() => null);
        const edited = changedFields(fieldsOf(view), fields);
        if (current) {
          setView(current);
          setFields(fieldsOf(current));
        }
        setNotice({ text: messages.settings.stale, fields: edited });
      } else {
        setNotice({ text: errorMessage(error, messages.generic.unexpected), fields: [] });
      }
    } finally {
      setSending(false);
    }
  };

  const input = (field: SettingsField, extra: { inputMode?: 'decimal' | 'numeric'; note?: string } = {}) => (
    <div key={field}>
      <FormField
        label={SETTINGS_LABELS[field]}
        value={fields[field]}
        onChange={set(field)}
        required
        inputMode={extra.inputMode ?? (MONEY.includes(field) ? 'decimal' : undefined)}
        note={problems[field] ?? extra.note}
        aria-invalid={problems[field] ? true : undefined}
      />
    </div>
  );

  return (
    <>
      <h1 className="staff-title">Settings</h1>
      <p className="staff-subtitle">
        The house games' prices, prizes and draw times, the USD rate, the fee rate and the players' daily spending
        limit. Prices and prizes apply from the next entry. A new draw time or weekday applies to tickets sold after you
        save: tickets already sold keep the draw they were told, or, where the new schedule draws first or on that day,
        move to its first draw and each player is told by SMS.
      </p>
      {notice ? (
        <section className="notice notice--error" role="alert">
          <p>{notice.text}</p>
          {notice.fields.length > 0 ? (
            <p>Your changes to apply again: {notice.fields.map((field) => SETTINGS_LABELS[field]).join(', ')}.</p>
          ) : null}
        </section>
      ) : null}
      {Object.keys(problems).length > 0 ? <ErrorNotice>{Object.values(problems).join(' ')}</ErrorNotice> : null}
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Settings">
        <fieldset className="staff-card settings-grid">
          <legend>Daily Cash Giveaway</legend>
          {input('dailyPriceLrd')}
          {input('dailyPriceUsd')}
          {input('dailyPrize')}
          {input('dailyTime', { note: 'HH:MM, 24-hour, GMT' })}
        </fieldset>
        <fieldset className="staff-card settings-grid">
          <legend>Jackpot</legend>
          {input('jackpotPriceLrd')}
          {input('jackpotPriceUsd')}
          {input('jackpotBase')}
          {input('jackpotShare', { inputMode: 'decimal', note: 'e.g. 20.00 %' })}
          {input('jackpotCap')}
          <WeekdayField value={fields.jackpotWeekday} onChange={set('jackpotWeekday')} />
          {input('jackpotTime', { note: 'HH:MM, 24-hour, GMT' })}
        </fieldset>
        <fieldset className="staff-card settings-grid">
          <legend>Rates</legend>
          {input('rate', { inputMode: 'decimal', note: `Now ${view.usd_to_lrd_rate} LRD per USD` })}
          {input('fee', { inputMode: 'decimal', note: `Now ${fieldsOf(view).fee} %` })}
        </fieldset>
        <fieldset className="staff-card settings-grid">
          <legend>Responsible play</legend>
          {input('spendLimit', {
            inputMode: 'decimal',
            note: 'Players can set a lower limit for their own number by USSD.',
          })}
        </fieldset>
        <SettingsPreview before={fieldsOf(view)} after={fields} />
        <div className="staff-form-actions">
          <SubmitButton label="Save settings" busyLabel="Saving settings..." sending={sending} />
        </div>
      </form>
    </>
  );
}

function WeekdayField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <Field id={id} label={SETTINGS_LABELS.jackpotWeekday}>
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {WEEKDAYS.map((day, index) => (
            <option key={day} value={String(index)}>
              {day}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
