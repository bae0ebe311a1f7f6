import { useId } from 'react';
import { formatStaffLrd } from '@web/lib/staff-money';
import type { PayableBalance } from './payment-amounts';

/** The amount step's rows: each promotion with a balance above 0, its balance, its amount field and its error. */
export function AmountRows({
  payable,
  amounts,
  fieldErrors,
  onType,
  onPayFull,
}: {
  payable: readonly PayableBalance[];
  amounts: Record<string, string>;
  fieldErrors: Record<string, string>;
  onType: (balance: PayableBalance, text: string) => void;
  onPayFull: (balance: PayableBalance) => void;
}) {
  const id = useId();
  return payable.length === 0 ? (
    <p className="empty">There is no balance above 0 to pay.</p>
  ) : (
    <ul role="list" className="payment-rows">
      {payable.map((balance, index) => {
        const inputId = `${id}-amount-${index}`;
        const error = fieldErrors[balance.promotionId];
        return (
          <li key={balance.promotionId} className="payment-row">
            <label htmlFor={inputId} className="payment-row__label">
              {balance.promotion}
            </label>
            <span className="payment-row__balance" id={`${inputId}-balance`}>
              Balance: {formatStaffLrd(balance.cents)}
            </span>
            <div className="payment-row__entry">
              <input
                id={inputId}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={amounts[balance.promotionId] ?? ''}
                onChange={(event) => onType(balance, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-balance ${inputId}-error` : `${inputId}-balance`}
              />
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Pay Full ${balance.promotion}`}
                onClick={() => onPayFull(balance)}
              >
                Pay Full
              </button>
            </div>
            {error ? (
              <p className="payment-row__error" id={`${inputId}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
