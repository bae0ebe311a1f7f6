import { useCallback, useMemo, useState } from 'react';
import type { AssignmentRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@web/components/staff/ConfirmDialog';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';
import { EmptyResults } from '@web/components/staff/EmptyResults';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { SearchField } from '@web/components/staff/SearchField';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { deletePartnerPromotion, setPartnerPromotionStatus } from '../api/assignments';
import { AssignmentDialog, type AssignmentDialogMode } from '../components/assignments/AssignmentDialog';
import { AssignmentGroups } from '../components/assignments/AssignmentGroups';
import { searchAssignments } from '../components/assignments/assignment-form';
import { useAdmin } from '@web/hooks/use-admin';
import { useAssignments } from '../hooks/use-assignments';

/**
 * /v1/admin/{id}/assign-partner-promotion — "Partner Promotions" (spec
 * sections 2, 3, 4, 5, 7, 8): the live list grouped by partner, search, and
 * the create/update dialog; each assignment can be edited, ended or resumed
 * (functions/modules/catalog/assignments-http.ts `setPartnerPromotionStatus`), or deleted.
 */
export function AssignPartnerPromotionScreen() {
  const { adminId } = useAdmin();
  const { items: groups, refused } = useAssignments();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<AssignmentDialogMode | null>(null);
  const [deleting, setDeleting] = useState<AssignmentRecord | null>(null);
  const [ending, setEnding] = useState<AssignmentRecord | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const shown = useMemo(() => searchAssignments(groups ?? [], query), [groups, query]);
  const closeDialog = useCallback(() => setDialog(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);

  const setStatus = async (assignment: AssignmentRecord, status: 'active' | 'ended') => {
    setBusyId(assignment.ID);
    try {
      const { message } = await setPartnerPromotionStatus(adminId, assignment.ID, status);
      notifySuccess(message);
    } catch (error) {
      notifyError(errorMessage(error, messages.assignment.processingError));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (assignment: AssignmentRecord) => {
    try {
      const { message } = await deletePartnerPromotion(adminId, assignment.ID);
      notifySuccess(message);
    } catch (error) {
      // Spec section 8: '❌ Error deleting:' and what went wrong.
      notifyError(`${messages.assignment.deleteFailed} ${errorMessage(error, messages.assignment.processingError)}`);
    }
  };

  return (
    <>
      <h1 className="staff-title">Partner Promotions</h1>
      <p className="staff-subtitle">Which partner runs which promotion, on what terms and shared code.</p>
      <div className="staff-toolbar">
        <div>
          <SearchField
            label="Search by partner, promotion or shared code"
            placeholder="Partner, promotion or shared code"
            value={query}
            onChange={setQuery}
          />
        </div>
        <button type="button" className="button button--primary" onClick={() => setDialog({ mode: 'create' })}>
          Assign Partner Promotion
        </button>
      </div>

      {refused ? (
        <ErrorNotice>{refused}</ErrorNotice>
      ) : groups === null ? (
        <LoadingStatus className="empty" text="Loading partner promotions…" />
      ) : shown.length === 0 ? (
        <EmptyResults
          className="staff-card"
          text={query.trim() ? 'No partner promotions match your search' : 'No partner promotions yet'}
          searching={Boolean(query.trim())}
        />
      ) : (
        <AssignmentGroups
          groups={shown}
          busyId={busyId}
          onEdit={(assignment) => setDialog({ mode: 'update', assignment })}
          onDelete={setDeleting}
          // ending stops new entries at once: asked first; resuming is not
          onSetStatus={(assignment, status) =>
            status === 'ended' ? setEnding(assignment) : void setStatus(assignment, status)
          }
        />
      )}

      {dialog ? (
        <AssignmentDialog
          key={dialog.mode === 'update' ? dialog.assignment.ID : 'create'}
          adminId={adminId}
          state={dialog}
          groups={groups ?? []}
          onClose={closeDialog}
        />
      ) : null}
      {ending ? (
        <ConfirmDialog
          title="End Partner Promotion"
          confirmLabel="End"
          onConfirm={() => setStatus(ending, 'ended')}
          onClose={() => setEnding(null)}
        >
          <p>
            End <strong>{ending.Promotion.PromotionTitle}</strong> for <strong>{ending.PartnerUsername}</strong> (code{' '}
            {ending.SharedCode})? Players can no longer enter it, on the website or by USSD, until it is resumed.
          </p>
        </ConfirmDialog>
      ) : null}
      {deleting ? (
        <DeleteConfirmDialog title="Delete Partner Promotion" onConfirm={() => remove(deleting)} onClose={closeDelete}>
          <p>
            Delete <strong>{deleting.Promotion.PromotionTitle}</strong> for <strong>{deleting.PartnerUsername}</strong>{' '}
            (code {deleting.SharedCode})?
          </p>
        </DeleteConfirmDialog>
      ) : null}
    </>
  );
}
