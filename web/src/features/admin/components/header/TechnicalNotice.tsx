import { site } from '@web/lib/site';

/** Spec section 2: the header's technical-team notice asking users to report issues. */
export const TECHNICAL_NOTICE =
  'Notice from the technical team: if something does not work as expected, please report the issue to us.';

/** The notice names whom to call: the software services contact of the footer (lib/site.ts). */
export function TechnicalNotice() {
  return (
    <p className="notice notice--info admin-notice" role="note">
      {TECHNICAL_NOTICE}{' '}
      <span className="admin-notice__contact">
        Call {site.softwareServicesName} on <a href={site.softwareServicesPhoneHref}>{site.softwareServicesPhone}</a>.
      </span>
    </p>
  );
}
