import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Announcement, AnnouncementBody } from '@shared/api/schemas/site-content';
import { messages } from '@shared/messages';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { useAdmin } from '@web/hooks/use-admin';
import { errorMessage } from '@web/lib/api-client';
import { formatGmtDate } from '@web/lib/dates';
import { notifyError, notifySuccess } from '@web/lib/toast';
import {
  announcementsQuery,
  contactQuery,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '../api/site-content';
import { ANNOUNCEMENT_TYPE_LABEL, AnnouncementForm } from '../components/AnnouncementForm';
import { ContactForm } from '../components/ContactForm';

/**
 * /v1/admin/{id}/site-content (issue 35 item 7): the contact details players
 * see and the home page's announcements, posted, edited and deleted here
 * (each change audited by the server).
 */
export function SiteContentScreen() {
  const { adminId } = useAdmin();
  const client = useQueryClient();
  const contact = useQuery(contactQuery(adminId));
  const announcements = useQuery(announcementsQuery(adminId));
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const reload = () => client.invalidateQueries({ queryKey: announcementsQuery(adminId).queryKey });

  const save = async (body: AnnouncementBody) => {
    const answer = editing
      ? await updateAnnouncement(adminId, editing.id, body)
      : await createAnnouncement(adminId, body);
    notifySuccess(answer.message);
    setEditing(null);
    await reload();
  };

  const remove = async (announcement: Announcement) => {
    try {
      const answer = await deleteAnnouncement(adminId, announcement.id);
      notifySuccess(answer.message);
      if (editing?.id === announcement.id) setEditing(null);
    } catch (error) {
      notifyError(errorMessage(error, messages.generic.unexpected));
    }
    await reload();
  };

  return (
    <>
      <h1 className="staff-title">Site content</h1>
      <p className="staff-subtitle">What players see on the home page and in the footer.</p>
      {contact.error ? (
        <ErrorNotice>Could not load the contact details. Please refresh your browser.</ErrorNotice>
      ) : contact.data ? (
        <ContactForm adminId={adminId} contact={contact.data} />
      ) : (
        <LoadingStatus className="empty" text="Loading contact details…" />
      )}
      <AnnouncementForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
      <section className="staff-card" aria-labelledby="announcements-heading">
        <h2 id="announcements-heading">Announcements</h2>
        {announcements.error ? (
          <ErrorNotice>Could not load the announcements. Please refresh your browser.</ErrorNotice>
        ) : !announcements.data ? (
          <LoadingStatus className="empty" text="Loading announcements…" />
        ) : announcements.data.length === 0 ? (
          <p className="empty">No announcements: the home page says so.</p>
        ) : (
          <ul className="announcement-list">
            {announcements.data.map((item) => (
              <li key={item.id} data-announcement-id={item.id}>
                <p>
                  <strong>{item.title}</strong> · {ANNOUNCEMENT_TYPE_LABEL[item.type]} ·{' '}
                  <time dateTime={item.date}>{formatGmtDate(item.date)}</time>
                </p>
                <p>{item.message}</p>
                <EditRowButton verb="Edit" subject={item.title} onClick={() => setEditing(item)} />{' '}
                <DeleteRowButton subject={item.title} onClick={() => setDeleting(item)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {deleting ? (
        <DeleteConfirmDialog title="Delete announcement" onConfirm={() => remove(deleting)} onClose={closeDelete}>
          <p>Delete the announcement “{deleting.title}”?</p>
        </DeleteConfirmDialog>
      ) : null}
    </>
  );
}
