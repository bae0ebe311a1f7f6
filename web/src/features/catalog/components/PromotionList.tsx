import type { PromotionRecord } from '@shared/api/schemas/catalog';
import { houseGame, isHouseGame } from '@shared/games';
import { StaffActions } from '@web/components/staff/ActionsCell';
import { DeleteRowButton, EditRowButton } from '@web/components/staff/RowButton';
import { StaffTable } from '@web/components/staff/StaffTable';
import { staffLrd, staffUsd } from '@web/lib/staff-money';

interface PromotionListProps {
  promotions: readonly PromotionRecord[];
  onEdit: (promotion: PromotionRecord) => void;
  onDelete: (promotion: PromotionRecord) => void;
}

const COLUMNS = ['Title', 'Prize LRD', 'Prize USD', 'Partners', 'Actions'];

/** Every promotion with its prices; partner promotions can be updated or deleted, house games live in the settings. */
export function PromotionList({ promotions, onEdit, onDelete }: PromotionListProps) {
  if (promotions.length === 0) return <p className="empty">No promotions yet</p>;
  return (
    <StaffTable caption="Promotions" columns={COLUMNS}>
      <tbody>
        {promotions.map((p) => (
          <tr key={p.ID}>
            <td>{p.promotion_title}</td>
            <td>{staffLrd(p.promotion_prize_lrd)}</td>
            <td>{staffUsd(p.promotion_prize_usd)}</td>
            <td>{isHouseGame(p.Kind) ? '—' : p.AssignmentCount}</td>
            <td>
              {!isHouseGame(p.Kind) ? (
                <StaffActions destructive={<DeleteRowButton subject={p.promotion_title} onClick={() => onDelete(p)} />}>
                  <EditRowButton verb="Update" subject={p.promotion_title} onClick={() => onEdit(p)} />
                </StaffActions>
              ) : (
                <span className="badge">{houseGame[p.Kind].title} (house game)</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </StaffTable>
  );
}
