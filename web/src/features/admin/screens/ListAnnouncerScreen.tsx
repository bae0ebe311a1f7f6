/** Placeholder until its issue-9 screen lands. */
export function ListAnnouncerScreen() {
  return <p>Coming soon.</p>;
}
