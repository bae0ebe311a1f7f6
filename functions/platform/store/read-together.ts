import { batchGetAll, keyId, type ItemKey } from '../dynamo';

type Found = ReadonlyMap<string, Record<string, unknown>>;

/**
 * What one read needs from the table, by key, and how it answers from what
 * was found: so that reads of several modules for one request go out as ONE
 * BatchGetItem (`readTogether`), where each alone was a request of its own
 * (DESIGN section 10: requests per entry are what DynamoDB Local, and a
 * surge, pay for).
 */
export interface ItemsRead<T> {
  readonly keys: readonly ItemKey[];
  answer(found: Found): T;
}

/** An item of the found ones, by its key. */
export const foundItem = (found: Found, key: ItemKey | undefined) => (key ? found.get(keyId(key)) : undefined);

/** A read that needs nothing from the table. */
export const readNothing = <T>(answer: T): ItemsRead<T> => ({ keys: [], answer: () => answer });

type Answers<T extends readonly ItemsRead<unknown>[]> = { [K in keyof T]: T[K] extends ItemsRead<infer R> ? R : never };

/** The reads' keys in one strongly consistent batch read (none when they need nothing); each read's answer. */
export async function readTogether<const T extends readonly ItemsRead<unknown>[]>(reads: T): Promise<Answers<T>> {
  const keys = reads.flatMap((read) => read.keys);
  const found: Found = keys.length > 0 ? await batchGetAll(keys, { consistent: true }) : new Map();
  return reads.map((read) => read.answer(found)) as Answers<T>;
}
