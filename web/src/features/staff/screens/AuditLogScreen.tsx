import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { FormField } from '@web/components/staff/FormField';
import { SelectField } from '@web/components/staff/SelectField';
import { StaffTable } from '@web/components/staff/StaffTable';
import { errorMessage } from '@web/lib/api-client';
import { replaceQueryData } from '@web/lib/staff-query';
import { adminsQuery } from '../api/admins';
import { auditLogQuery, fetchAuditLog, type AuditFilters } from '../api/audit-log';
import { useAdmin } from '@web/hooks/use-admin';
import { dateTime } from '@web/lib/staff-dates';
import { AuditChanges } from '../components/audit/AuditChanges';

const NO_FILTERS = { actor: '', action: '', target: '', from: '', to: '' };

/**
 * audit-log (super admins): who changed what and when,
 * newest first, filtered on the server by user, action, target and GMT days,
 * 25 lines at a time; each line names its user (an announcer's too) and
 * opens to what changed, in words ("price 100.00 → 150.00 LRD").
 */
export function AuditLogScreen() {
  const { adminId } = useAdmin();
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // the Admins screen's list (one cache entry): names the actors; without it, ids show
  const client = useQueryClient();
  const adminList = useQuery(adminsQuery(adminId));
  const admins = adminList.error ? [] : (adminList.data ?? []);
  const firstPage = useQuery(auditLogQuery(adminId, filters));
  // every Apply asks again, even with the filters already shown
  const show = (next: AuditFilters) => {
    if (JSON.stringify(next) === JSON.stringify(filters)) void firstPage.refetch();
    else setFilters(next);
  };
  const lines = firstPage.error ? [] : (firstPage.data?.items ?? null);
  const cursor = firstPage.error ? null : (firstPage.data?.cursor ?? null);
  const problem = firstPage.error ? errorMessage(firstPage.error, messages.generic.unexpected) : moreProblem;
  const loading = loadingMore || firstPage.isFetching;

  const loadMore = async (from: string) => {
    setLoadingMore(true);
    setMoreProblem(null);
    try {
      const page = await fetchAuditLog(adminId, filters, from);
      await replaceQueryData(
        client,
        auditLogQuery(adminId, filters).queryKey,
        (shown) => shown && { ...shown, items: [...shown.items, ...page.items], cursor: page.cursor },
      );
    } catch (error) {
      setMoreProblem(errorMessage(error, messages.generic.unexpected));
    } finally {
      setLoadingMore(false);
    }
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMoreProblem(null);
    show(Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim())) as AuditFilters);
  };
  const nameOf = (id: string) => admins.find((admin) => admin.ID === id)?.Username ?? id;

  return (
    <>
      <h1 className="staff-title">Audit log</h1>
      <p className="staff-subtitle">Every staff change, newest first. Times are GMT.</p>
      <form className="staff-card settings-grid" noValidate onSubmit={apply} aria-label="Audit log filters">
        <SelectField
          label="User"
          value={draft.actor}
          onChange={(actor) => setDraft({ ...draft, actor })}
          placeholder="Anyone"
          options={admins.map((admin) => ({ value: admin.ID, label: `${admin.Username} (${admin.Email})` }))}
        />
        <FormField
          label="Action"
          value={draft.action}
          onChange={(action) => setDraft({ ...draft, action })}
          placeholder="e.g. admin."
          note="An action or its start"
        />
        <FormField
          label="Target"
          value={draft.target}
          onChange={(target) => setDraft({ ...draft, target })}
          placeholder="e.g. a code"
        />
        <FormField
          label="From (day)"
          type="date"
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <FormField label="To (day)" type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <div className="staff-form-actions">
          <button type="submit" className="button button--primary">
            Filter
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              show({});
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <section className="staff-card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">Changes</h2>
        {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
        {lines === null ? (
          <LoadingStatus className="empty" text="Loading the audit log…" />
        ) : lines.length === 0 ? (
          <p className="empty" role="status">
            No changes match these filters.
          </p>
        ) : (
          <StaffTable labelledBy="audit-heading" columns={['When (GMT)', 'User', 'Action', 'Target', 'Details']}>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td>{dateTime(line.at, { seconds: true })}</td>
                  <td>
                    {line.actorName ?? nameOf(line.actorId)}
                    <span className="staff-cell-note">{line.actorRole}</span>
                  </td>
                  <td>{line.action}</td>
                  <td className="audit-target">{line.target}</td>
                  <td>
                    <AuditChanges before={line.before} after={line.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </StaffTable>
        )}
        {cursor ? (
          <div className="staff-form-actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={loading}
              onClick={() => void loadMore(cursor)}
            >
              {loading ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
