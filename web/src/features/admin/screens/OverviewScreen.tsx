/** Placeholder until its issue-9 screen lands. */
export function OverviewScreen() {
  return <p>Coming soon.</p>;
}
