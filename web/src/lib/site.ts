import { USSD_SERVICE_CODE } from '@shared/ussd';

/**
 * The site's names and fixed links, defined once (spec section 2, footer and
 * navbar); nothing else in the web retypes them. The contact phone,
 * WhatsApp and software services numbers are the settings' (GET /api/v1/public/site).
 */
export const site = {
  name: 'Raffle Liberia',
  /** USSD short code players dial on any phone (DESIGN section 8). */
  ussdCode: USSD_SERVICE_CODE,
  email: 'support@raffle.lr',
  softwareServicesName: 'W Digital',
  /** The software services page (spec section 2), with the phone number the settings give. */
  softwareServicesPath: '/w-digital',
  licensing: 'Licensed by the National Lottery Authority of Liberia.',
  mobileMoneyPartners: 'Payments in partnership with Lonestar Cell MTN Mobile Money and Orange Money.',
  /** Draws open to players since this date (spec section 9). */
  launchDate: '2024-11-29',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/raffle.lr' },
    { name: 'X', href: 'https://x.com/raffle_lr' },
  ],
} as const;

/** `tel:` link for the USSD code (the `#` must be escaped in a URI). */
export const ussdHref = `tel:${site.ussdCode.replace(/#/g, '%23')}`;
