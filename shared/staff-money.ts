import { formatMoneyShown, type Currency } from './money';

/*
 * Apart from shared/money.ts so the public pages' bundle does not carry it
 * (DESIGN section 9: the home page's 90 KB budget).
 */

/** The staff prefixes: "L$" and "US$", never a bare "$" (about 190× apart). */
const STAFF_PREFIX: Record<Currency, string> = { LRD: 'L$', USD: 'US$' };

/**
 * The one money format of the staff screens and of the admin notifications
 * the server writes for them (one money format: LRD and USD never confused): the
 * currency as a prefix LRD and USD can never be confused by, then the grouped
 * amount, 120000 LRD → "L$ 1,200.00", 150 USD → "US$ 1.50". Integer cents in
 * (a fraction of a cent is dropped, never rounded up).
 */
export const formatStaffMoney = (cents: number, currency: Currency): string =>
  `${STAFF_PREFIX[currency]} ${formatMoneyShown(Math.trunc(cents))}`;
