/** Placeholder until its issue-9 screen lands. */
export function WinnersListScreen() {
  return <p>Coming soon.</p>;
}
