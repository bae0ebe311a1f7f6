/** The star mark, inline so the site loads no image files. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <rect width="32" height="32" rx="6" fill="currentColor" />
      <path
        d="M16 6l2.9 6.2 6.6.8-4.9 4.6 1.3 6.6L16 21l-5.9 3.2 1.3-6.6-4.9-4.6 6.6-.8z"
        fill="var(--color-on-primary)"
      />
    </svg>
  );
}
