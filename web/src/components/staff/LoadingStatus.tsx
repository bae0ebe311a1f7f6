/** A spinner and what is loading. */
export function LoadingStatus({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={className}>
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}
