import { nationalNumber } from '@shared/phone';
import { site } from '@web/lib/site';
import { usePublicSite } from '../hooks/use-public-site';

/** The WhatsApp link of a stored number (231XXXXXXXXX). */
const whatsappHref = (msisdn: string) => `https://wa.me/${msisdn}`;

/** A stored number (231XXXXXXXXX) as a `tel:` link, shown as the country dials it (0770123456). */
export function PhoneLink({ msisdn }: { msisdn: string }) {
  return <a href={`tel:+${msisdn}`}>{nationalNumber(msisdn)}</a>;
}

/**
 * The footer's contact lines, as the settings give them (issue 35 item 7):
 * a number not set is not shown (never a placeholder); the e-mail falls back
 * to the site's own address the legal pages name. Its own chunk, fetched
 * as the footer comes near (components/WhenNear.tsx).
 */
export function FooterContact() {
  const contact = usePublicSite()?.contact;
  if (contact === undefined) return null;
  const email = contact?.email ?? site.email;
  return (
    <>
      <p>
        Email: <a href={`mailto:${email}`}>{email}</a>
      </p>
      {contact?.phone ? (
        <p>
          Phone: <PhoneLink msisdn={contact.phone} />
        </p>
      ) : null}
      {contact?.whatsapp ? (
        <p>
          WhatsApp:{' '}
          <a href={whatsappHref(contact.whatsapp)} rel="noopener noreferrer" target="_blank">
            {nationalNumber(contact.whatsapp)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </>
  );
}

/** " or call 0770123456" in a sentence about reaching us, when the settings give a number; else nothing. */
export function OrCallUs() {
  const phone = usePublicSite()?.contact.phone;
  return phone ? (
    <>
      {' '}
      or call <PhoneLink msisdn={phone} />
    </>
  ) : null;
}
