import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Shows `children` once its place comes within a screen of the viewport: a
 * below-the-fold part (the home page's news, the footer's contact lines)
 * fetches its chunk and its data then, not with the page's first load, which
 * has no room left (DESIGN section 9: 90 KB gzipped). Without
 * IntersectionObserver it shows them at once.
 */
export function WhenNear({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={place}>{near ? children : null}</div>;
}
