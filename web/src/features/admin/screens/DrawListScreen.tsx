/** Placeholder until its issue-9 screen lands. */
export function DrawListScreen() {
  return <p>Coming soon.</p>;
}
