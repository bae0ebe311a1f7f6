import { useCallback, useState } from 'react';
import type { PredictionEntity } from '@shared/api/schemas/predictions';
import { messages } from '@shared/messages';
import { DeleteConfirmDialog } from '@web/components/staff/DeleteConfirmDialog';
import { ErrorNotice } from '@web/components/staff/ErrorNotice';
import { LoadingStatus } from '@web/components/staff/LoadingStatus';
import { notifyError, notifySuccess } from '@web/lib/toast';
import { deletePrediction } from '../api/predictions';
import { CreatePredictionForm } from '../components/CreatePredictionForm';
import { PredictionEditDialog } from '../components/PredictionEditDialog';
import { PredictionsList } from '../components/PredictionsList';
import { useAdmin } from '@web/hooks/use-admin';
import { usePredictionCategories, usePredictions } from '../hooks/use-predictions';

/**
 * /v1/admin/{id}/predictions (spec sections 2, 5, 7, 8): the Create
 * Prediction form and the live Predictions List with its category filter,
 * a working edit and delete.
 */
export function PredictionsScreen() {
  const { adminId } = useAdmin();
  const predictions = usePredictions();
  const categories = usePredictionCategories();
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<PredictionEntity | null>(null);
  const [deleting, setDeleting] = useState<PredictionEntity | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);

  const remove = async (prediction: PredictionEntity) => {
    try {
      await deletePrediction(adminId, prediction.ID);
      notifySuccess(messages.prediction.deleted);
    } catch (error) {
      console.error('Could not delete the prediction', error);
      notifyError(messages.prediction.deleteFailed);
    }
  };

  return (
    <>
      <h1 className="staff-title">Predictions</h1>
      <p className="staff-subtitle">Yes/no questions with a price in each currency and odds for each answer.</p>
      <CreatePredictionForm adminId={adminId} categories={categories.items} />
      <section className="staff-card" aria-labelledby="predictions-list-heading">
        <h2 id="predictions-list-heading">Predictions List</h2>
        {predictions.failed ? (
          <ErrorNotice>{messages.prediction.loadFailed}</ErrorNotice>
        ) : predictions.items === null ? (
          <LoadingStatus className="empty" text="Loading predictions…" />
        ) : (
          <PredictionsList
            predictions={predictions.items}
            categories={categories.items ?? []}
            category={category}
            onCategory={setCategory}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </section>
      {editing ? (
        <PredictionEditDialog
          key={editing.ID}
          adminId={adminId}
          prediction={editing}
          categories={categories.items}
          onClose={closeEdit}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirmDialog title="Delete Prediction" onConfirm={() => remove(deleting)} onClose={closeDelete}>
          {/* the question carries its own '?': asked apart, so the text never ends in '??' */}
          <p>Delete this prediction?</p>
          <p>
            <strong>{deleting.Question}</strong>
          </p>
        </DeleteConfirmDialog>
      ) : null}
    </>
  );
}
