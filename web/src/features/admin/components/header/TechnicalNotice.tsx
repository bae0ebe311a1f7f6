/** Spec section 2: the header's technical-team notice asking users to report issues. */
export const TECHNICAL_NOTICE = 'Notice from the technical team: if something does not work as expected, please report the issue to us.';

export function TechnicalNotice() {
  return (
    <p className="notice notice--info admin-notice" role="note">
      {TECHNICAL_NOTICE}
    </p>
  );
}
