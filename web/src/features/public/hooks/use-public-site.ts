import { useEffect, useState } from 'react';
import { fetchPublicSite, type PublicSite } from '../api/site';

// the read in flight, shared by the parts of a page that mount together (the footer's contact block and
// the home page's announcements); forgotten once answered, so a later page asks again (the answer is CDN-cached)
let inFlight: Promise<PublicSite | null> | undefined;

function read(): Promise<PublicSite | null> {
  inFlight ??= fetchPublicSite()
    .then(
      (answer) => answer ?? null,
      (error: unknown) => {
        console.error('Could not load the site content', error);
        return null;
      },
    )
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** The site's announcements and contact details: undefined while on their way, null when they could not be read. */
export function usePublicSite(): PublicSite | null | undefined {
  const [site, setSite] = useState<PublicSite | null>();
  useEffect(() => {
    let shown = true;
    void read().then((answer) => {
      if (shown) setSite(answer);
    });
    return () => {
      shown = false;
    };
  }, []);
  return site;
}
