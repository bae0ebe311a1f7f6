/** Placeholder until its issue-9 screen lands. */
export function TaxAnalyticsScreen() {
  return <p>Coming soon.</p>;
}
