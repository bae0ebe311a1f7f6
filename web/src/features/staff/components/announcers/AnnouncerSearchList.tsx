import { useId, useState } from 'react';
import type { AnnouncerRecord } from '@shared/api/schemas/staff';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { CellWithNote } from '@web/components/staff/CellWithNote';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { useAnnouncers } from '@web/features/staff/hooks/use-announcers';
import { AnnouncerSearchField, NoAnnouncers } from './AnnouncerSearchField';
import { Activity, CheckButton } from './CheckButtons';
import { DeleteAnnouncerDialog } from './DeleteAnnouncerDialog';
import { UpdateAnnouncerModal } from './UpdateAnnouncerModal';
import { matchesAnnouncer } from './announcer-search';
import { useAnnouncerActions } from './use-announcer-actions';
import './announcers.css';

const COLUMNS = ['Username', 'Partner', 'Mobile Money', 'Search String', 'Activity', 'Actions'];

/**
 * The searchable announcer list shown under Create Announcer (spec section 2,
 * first variant): search by username, email, partner search string or mobile
 * money number; check in or out, update, delete.
 */
export function AnnouncerSearchList({ heading }: { heading: string }) {
  const { items, refused } = useAnnouncers();
  const actions = useAnnouncerActions();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AnnouncerRecord | null>(null);
  const [deleting, setDeleting] = useState<AnnouncerRecord | null>(null);
  const announcers = (items ?? []).filter((announcer) => matchesAnnouncer(announcer, search));

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <div className="staff-toolbar">
        <AnnouncerSearchField value={search} onChange={setSearch} />
      </div>
      {refused ? (
        <ErrorNotice>{refused}</ErrorNotice>
      ) : items === null ? (
        <LoadingStatus text="Loading announcers..." />
      ) : announcers.length === 0 ? (
        <NoAnnouncers />
      ) : (
        <StaffTable caption="Announcers" columns={COLUMNS}>
          <tbody>
            {announcers.map((announcer) => (
              <tr key={announcer.ID}>
                <CellWithNote text={announcer.Username} note={announcer.Email} />
                <td>{announcer.PartnerSearchString || '—'}</td>
                <td>{announcer.MobileMoneyNumber}</td>
                <td>{announcer.SearchString}</td>
                <td>
                  <Activity announcer={announcer} />
                </td>
                <ActionsCell
                  destructive={<DeleteRowButton subject={announcer.Username} onClick={() => setDeleting(announcer)} />}
                >
                  <CheckButton announcer={announcer} actions={actions} />
                  <EditRowButton verb="Update" subject={announcer.Username} onClick={() => setEditing(announcer)} />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
      {editing ? <UpdateAnnouncerModal announcer={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteAnnouncerDialog announcer={deleting} onConfirm={actions.remove} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}
