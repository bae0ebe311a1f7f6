import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PageLoading } from './PageLoading';

/** Navbar, main landmark and footer around every public page and login page. */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  // a game page and its entry's own address (/daily-draw/entry/<id>) are one page: the entry is followed in place
  const location = useLocation();
  const pathname = location.pathname.replace(/\/entry\/[^/]+$/, '');
  const firstRender = useRef(true);

  // After a client-side navigation, start at the top of the new page and move
  // focus to it, so keyboard and screen-reader users land on its content as
  // they would after a full page load; a link to a part of a page (the menu's
  // /#check-ticket) lands on that part, on a first load too.
  useEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    const part = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (part) {
      part.scrollIntoView();
      part.focus({ preventScroll: true });
    } else if (!first) {
      window.scrollTo(0, 0);
      main.current?.focus({ preventScroll: true });
    }
  }, [pathname, location.hash]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Navbar />
      <main id="main" ref={main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
