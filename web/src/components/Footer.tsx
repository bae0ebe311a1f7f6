import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { lazyPage } from '../lib/lazy-page';
import { site } from '../lib/site';
import { WhenNear } from './WhenNear';

// the contact details come from the settings: fetched as the footer comes near
const FooterContact = lazyPage(
  () => import('../features/public/components/SiteContact'),
  (m) => m.FooterContact,
);

/** Footer links (spec section 2, "Public routes"; the staff logins since issue 35) and contact block. */
const FOOTER_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/how-to-play', label: 'How to Play' },
  { to: '/winners', label: 'Winners' },
  { to: '/results', label: 'Past results' },
  { to: '/fair-draws', label: 'Fair draws' },
  { to: '/about', label: 'About Us' },
  { to: '/daily-draw', label: 'Daily Draw' },
  { to: '/jackpot', label: 'Jackpot' },
  { to: '/terms/conditions', label: 'Terms & Conditions' },
  { to: '/policy', label: 'Privacy Policy' },
  { to: '/play-responsibly', label: 'Play responsibly' },
  // out of the players' menu (issue 35), still a link away
  { to: site.softwareServicesPath, label: 'Software Engineering Services' },
  { to: '/announcer/login', label: 'Announcer login' },
  { to: '/partner/login', label: 'Partner login' },
  { to: '/admin/login', label: 'Admin login' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div>
          <p className="site-footer__name">{site.name}</p>
          <p>{site.licensing}</p>
          <p>{site.mobileMoneyPartners}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Quick links</h2>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Contact us
          </h2>
          <address>
            <WhenNear>
              <Suspense fallback={null}>
                <FooterContact />
              </Suspense>
            </WhenNear>
          </address>
          <ul className="social" aria-label="Social media">
            {site.social.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  {link.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {site.name}. Play responsibly. Players must be 18 or older.
      </p>
    </footer>
  );
}
