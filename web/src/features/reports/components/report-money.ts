import { staffLrd, staffUsd } from '@web/lib/staff-money';

/** A report amount shown with its currency ("L$ 1,200.00" or "US$ 1.50", never a bare '$'). */
export const moneyIn = (amount: string, currency: 'LRD' | 'USD'): string =>
  currency === 'LRD' ? staffLrd(amount) : staffUsd(amount);
