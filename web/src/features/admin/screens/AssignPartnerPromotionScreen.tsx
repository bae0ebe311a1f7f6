/** Placeholder until its issue-9 screen lands. */
export function AssignPartnerPromotionScreen() {
  return <p>Coming soon.</p>;
}
