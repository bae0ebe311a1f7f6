/**
 * The time, in one place. Domain code takes `now` as an argument where a rule
 * depends on the day or week; adapters call `clock.now()`.
 */
export const clock = {
  now: (): Date => new Date(),
};
