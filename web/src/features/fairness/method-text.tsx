/**
 * The published draw method in plain words (DESIGN section 4, "Fair draws";
 * the code is shared/fairness/draw-method.ts), shown on the Fair draws page.
 */
export function DrawMethodText() {
  return (
    <>
      <ol className="steps">
        <li>
          <strong>Commitment when a draw opens.</strong> Before the first entry, the server picks a secret 32-byte seed
          at random and publishes its fingerprint (SHA-256), the <em>commitment</em>, on this page. The seed cannot be
          changed afterwards: any other seed would have another fingerprint.
        </li>
        <li>
          <strong>Entries fixed at the close.</strong> Every paid entry gets the next number in its draw (your ticket
          SMS names it). When the draw closes, its record fixes a Merkle root of all its entries (entry number and a
          hash of the ticket number, in order; RFC 9162). On the record page you can type your ticket number and check,
          in your browser, that your entry is in it.
        </li>
        <li>
          <strong>Public randomness from after the close.</strong> The draw then waits for the first round of the drand
          &ldquo;quicknet&rdquo; randomness beacon published after the close (a new round every 3 seconds, signed by the
          League of Entropy). If the beacon cannot be reached, no draw is made.
        </li>
        <li>
          <strong>The winner.</strong> The winning entry number comes from HMAC-SHA256 keyed with the seed over the draw
          id, the entry count, the Merkle root and the beacon&apos;s randomness, without modulo bias. The record then
          reveals the seed, so anyone can redo every step: on the record page, or with{' '}
          <code>npm run verify-draw -- &lt;draw id&gt;</code>.
        </li>
      </ol>
      <p>
        <strong>Why nobody can steer it, not even our staff:</strong> the seed is fixed (and its commitment public)
        before any entry, so it cannot be chosen to suit the entries. The beacon round that decides the winner did not
        exist while the draw was open, so nobody who knows the seed &mdash; anyone with access to our database included
        &mdash; can compute the winner in advance, or time the close, or add or drop an entry to change it: the entries
        are fixed by the Merkle root before the randomness exists. Draws made before this method used the commitment and
        the entry count only (method <code>commit-reveal-1</code>) and still verify.
      </p>
    </>
  );
}
