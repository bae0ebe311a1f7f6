import { useState } from 'react';
import { Modal } from '../../../../components/staff/Modal';
import { balanceCents, dollars, totalBalanceCents } from './payment-amounts';
import './payments.css';

/**
 * An Account Balance cell (spec section 2): the total in '$' with 2 decimals,
 * green above 0 and red otherwise, and a 'View Details' button listing the
 * balance per promotion.
 */
export function AccountBalanceCell({ owner, balances }: { owner: string; balances: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  const total = totalBalanceCents(balances);
  const lines = Object.entries(balances);
  return (
    <div className="balance-cell">
      <span className={total > 0 ? 'amount--positive' : 'amount--negative'}>{dollars(total)}</span>
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
              {lines.map(([promotion, amount]) => (
                <li key={promotion}>
                  <span>{promotion}</span>
                  <span>{dollars(balanceCents(amount))}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="payment-total">Total: {dollars(total)}</p>
        </Modal>
      ) : null}
    </div>
  );
}
