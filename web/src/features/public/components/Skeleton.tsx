/**
 * A grey bar where a configured value or the sentence naming it will be once the settings arrive (issue 35):
 * never "Prize: … LRD" or a default that may not be the configured one. Hidden from screen readers; its
 * container says it is busy.
 */
export const Skeleton = ({ wide }: { wide?: boolean }) => (
  <span className={wide ? 'skeleton skeleton--wide' : 'skeleton'} aria-hidden="true" />
);
