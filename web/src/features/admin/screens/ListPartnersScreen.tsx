/** Placeholder until its issue-9 screen lands. */
export function ListPartnersScreen() {
  return <p>Coming soon.</p>;
}
