import { site } from '@web/lib/site';

/** Spec section 2: the header's technical-team notice asking users to report issues. */
export const TECHNICAL_NOTICE =
  'Notice from the technical team: if something does not work as expected, please report the issue to us.';

/**
 * The notice names whom to reach: the software services team, whose page gives the number the settings hold
 * (never a placeholder number written here).
 */
export function TechnicalNotice() {
  return (
    <p className="notice notice--info admin-notice" role="note">
      {TECHNICAL_NOTICE}{' '}
      <span className="admin-notice__contact">
        Contact <a href={site.softwareServicesPath}>{site.softwareServicesName}</a>.
      </span>
    </p>
  );
}
