/** Placeholder until its issue-9 screen lands. */
export function CreatePromotionScreen() {
  return <p>Coming soon.</p>;
}
