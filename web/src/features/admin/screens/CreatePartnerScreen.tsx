/** Placeholder until its issue-9 screen lands. */
export function CreatePartnerScreen() {
  return <p>Coming soon.</p>;
}
