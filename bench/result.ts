/** One measured quantity of a benchmark, against its quality bar (DESIGN section 9) where it has one. */
export interface BenchResult {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The bar it is held to, e.g. `≤ 500 KB`. */
  readonly bar?: string;
  /** Whether the value meets the bar (absent when there is no bar). */
  readonly pass?: boolean;
}
