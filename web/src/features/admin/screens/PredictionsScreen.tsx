/** Placeholder until its issue-9 screen lands. */
export function PredictionsScreen() {
  return <p>Coming soon.</p>;
}
