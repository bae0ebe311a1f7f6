/** Placeholder until its issue-9 screen lands. */
export function CreateAnnouncerScreen() {
  return <p>Coming soon.</p>;
}
