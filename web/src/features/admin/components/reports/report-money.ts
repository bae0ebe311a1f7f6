import { lrd, usd } from '../overview/display';

/** A report amount shown with its currency (the admin views' one formatter: LRD labelled, USD with '$'). */
export const moneyIn = (amount: string, currency: 'LRD' | 'USD'): string => (currency === 'LRD' ? lrd(amount) : usd(amount));
