export function PageLoading() {
  return (
    <p role="status" className="page-loading">
      <span className="spinner" aria-hidden="true" /> Loading…
    </p>
  );
}
