import { useDocumentTitle } from '@web/hooks/use-document-title';
import { site } from '@web/lib/site';
import { usePublicSite } from '../hooks/use-public-site';
import { PhoneLink } from './SiteContact';

const SERVICES: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Web applications', text: 'Fast sites and portals built for low-end phones and slow mobile data.' },
  { title: 'USSD and SMS', text: 'Menus and messages that reach every phone, with or without data.' },
  { title: 'Mobile money integration', text: 'Collections and payouts with MTN Mobile Money and Orange Money.' },
  { title: 'Cloud and operations', text: 'Serverless systems that scale with demand and are monitored day and night.' },
];

/** /w-digital: the software engineering services arm (spec sections 1 and 2). */
export function WDigitalPage() {
  useDocumentTitle('Software Engineering Services');
  // the number the settings give (issue 35 item 7: never a placeholder); none set, the e-mail alone
  const contact = usePublicSite()?.contact;
  const phone = contact?.services_phone;
  const email = contact?.email ?? site.email;
  return (
    <div className="page">
      <h1>{site.softwareServicesName} Software Engineering Services</h1>
      <p className="lead">The team behind {site.name} builds software for Liberian businesses.</p>
      <ul className="grid grid--two">
        {SERVICES.map((service) => (
          <li key={service.title} className="card">
            <h2>{service.title}</h2>
            <p>{service.text}</p>
          </li>
        ))}
      </ul>
      <section className="section card contact-card" aria-labelledby="wd-contact">
        <h2 id="wd-contact">Talk to us</h2>
        <p>
          {phone ? (
            <>
              Call <PhoneLink msisdn={phone} /> or write
            </>
          ) : (
            'Write'
          )}{' '}
          to <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </section>
    </div>
  );
}
