import { useCallback, useState } from 'react';
import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { messages } from '@shared/messages';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { errorMessage } from '@web/lib/api-client';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { deletePromotion } from '../api/promotions';
import { CreatePromotionForm } from '../components/CreatePromotionForm';
import { PromotionEditDialog } from '../components/PromotionEditDialog';
import { PromotionList } from '../components/PromotionList';
import { useAdmin } from '@web/hooks/use-admin';
import { usePromotions } from '../hooks/use-promotions';

/**
 * /v1/admin/{id}/create-promotion (spec sections 2, 5, 7, 8): the Create
 * Promotion form, and below it every promotion, read again after each change.
 */
export function CreatePromotionScreen() {
  const { adminId } = useAdmin();
  const { promotions, failed, reload } = usePromotions(adminId);
  const [editing, setEditing] = useState<PromotionRecord | null>(null);
  const [deleting, setDeleting] = useState<PromotionRecord | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);

  const remove = async (promotion: PromotionRecord) => {
    try {
      const { message } = await deletePromotion(adminId, promotion.ID);
      notifySuccess(message);
      reload();
    } catch (error) {
      notifyError(errorMessage(error, messages.generic.unexpected));
    }
  };

  return (
    <>
      <h1 className="staff-title">Create Promotion</h1>
      <p className="staff-subtitle">A promotion's prizes are what a player pays to enter it, in each currency.</p>
      <CreatePromotionForm adminId={adminId} onCreated={reload} />
      <section className="staff-card" aria-labelledby="promotions-heading">
        <h2 id="promotions-heading">Promotions</h2>
        {failed && promotions === null ? (
          <ErrorNotice>Could not load the promotions. Please refresh your browser.</ErrorNotice>
        ) : promotions === null ? (
          <LoadingStatus className="empty" text="Loading promotions…" />
        ) : (
          <PromotionList promotions={promotions} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </section>
      {editing ? (
        <PromotionEditDialog
          key={editing.ID}
          adminId={adminId}
          promotion={editing}
          onSaved={reload}
          onClose={closeEdit}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirmDialog title="Delete Promotion" onConfirm={() => remove(deleting)} onClose={closeDelete}>
          <p>
            Delete the promotion <strong>{deleting.promotion_title}</strong>?
          </p>
        </DeleteConfirmDialog>
      ) : null}
    </>
  );
}
