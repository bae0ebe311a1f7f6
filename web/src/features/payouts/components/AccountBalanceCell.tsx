import { useState } from 'react';
import { Modal } from '@web/components/staff/Modal';
import type { PromotionBalanceView } from '@shared/api/schemas/staff';
import { balanceClass, formatStaffLrd, staffLrd } from '@web/lib/staff-money';
import { totalOfBalances } from './payment-amounts';
import './payments.css';

/**
 * An Account Balance cell (spec section 2): the total in LRD ("L$ 1,200.00"),
 * green above 0 and red otherwise, and a 'View Details' button listing the
 * balance per promotion (one line per promotion id: two promotions sharing a
 * title stay two lines).
 */
export function AccountBalanceCell({ owner, balances }: { owner: string; balances: readonly PromotionBalanceView[] }) {
  const [open, setOpen] = useState(false);
  const total = totalOfBalances(balances);
  const lines = balances;
  return (
    <div className="balance-cell">
      <span className={balanceClass(total)}>{formatStaffLrd(total)}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`View Details of ${owner}'s balance`}
        onClick={() => setOpen(true)}
      >
        View Details
      </button>
      {open ? (
        <Modal
          title={`Account balance: ${owner}`}
          onClose={() => setOpen(false)}
          footer={
            <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
              Close
            </button>
          }
        >
          {lines.length === 0 ? (
            <p className="empty">No balance on any promotion yet.</p>
          ) : (
            <ul role="list" className="balance-list" aria-label="Balance per promotion">
              {lines.map((line) => (
                <li key={line.PromotionID}>
                  <span>{line.Promotion}</span>
                  <span>{staffLrd(line.Amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="payment-total">Total: {formatStaffLrd(total)}</p>
        </Modal>
      ) : null}
    </div>
  );
}
