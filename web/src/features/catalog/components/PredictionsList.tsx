import { useId } from 'react';
import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { ActionsCell } from '@web/components/staff/ActionsCell';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { staffLrd, staffUsd } from '@web/lib/staff-money';

const COLUMNS = ['Reference', 'Question', 'Category', 'LRD', 'USD', 'Odds yes', 'Odds no', 'Actions'];

interface PredictionsListProps {
  predictions: readonly PredictionEntity[];
  categories: readonly CategoryEntity[];
  /** The chosen category's ID; '' for all. */
  category: string;
  onCategory: (id: string) => void;
  onEdit: (prediction: PredictionEntity) => void;
  onDelete: (prediction: PredictionEntity) => void;
}

/** Spec section 2 "Predictions List": a category filter, and per prediction Edit and Delete. */
export function PredictionsList({
  predictions,
  categories,
  category,
  onCategory,
  onEdit,
  onDelete,
}: PredictionsListProps) {
  const filterId = useId();
  const shown = category ? predictions.filter((p) => p.Category.ID === category) : predictions;
  return (
    <>
      <div className="staff-toolbar">
        <div className="field prediction-filter">
          <label htmlFor={filterId}>Filter by category</label>
          <select id={filterId} value={category} onChange={(event) => onCategory(event.target.value)}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.ID} value={c.ID}>
                {c.Title} ({c.PredictionCount})
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty" role="status">
          {category ? 'No predictions in this category' : 'No predictions yet'}
        </p>
      ) : (
        <StaffTable caption="Predictions" columns={COLUMNS}>
          <tbody>
            {shown.map((p) => (
              <tr key={p.ID} data-prediction-id={p.ID}>
                <td>{p.ReferenceNumber || '—'}</td>
                <td>{p.Question}</td>
                <td>{p.Category.Title}</td>
                <td>{staffLrd(p.CurrencyLRD)}</td>
                <td>{staffUsd(p.CurrencyUSD)}</td>
                <td>{p.OddYes}</td>
                <td>{p.OddNo}</td>
                <ActionsCell destructive={<DeleteRowButton subject={p.Question} onClick={() => onDelete(p)} />}>
                  <EditRowButton verb="Edit" subject={p.Question} onClick={() => onEdit(p)} />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
    </>
  );
}
