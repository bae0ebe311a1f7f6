import type { ReactNode } from 'react';
import type { PromotionBalanceView } from '@shared/api/schemas/staff';
import { RowButton } from '@web/components/staff/RowButton';
import { payableBalances } from './payment-amounts';

/** Why a Pay button is off: no promotion balance above 0 (spec section 5's rule, payableBalances). */
const NOTHING_TO_PAY = 'Nothing to pay';

/**
 * A row's Pay / Make Payment button: disabled while its payment runs, and when
 * no promotion has a balance above 0 — then its title (and so its accessible description) says why.
 */
export function PayRowButton({
  label,
  balances,
  busy,
  onClick,
  children,
}: {
  label: string;
  balances: readonly PromotionBalanceView[];
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const nothing = payableBalances(balances).length === 0;
  return (
    <RowButton
      variant="primary"
      label={label}
      disabled={busy || nothing}
      reason={nothing ? NOTHING_TO_PAY : undefined}
      onClick={onClick}
    >
      {children}
    </RowButton>
  );
}
