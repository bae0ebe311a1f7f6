/** One changed table item, as the stream fan-out sees it (images unmarshalled). */
export interface ItemChange {
  pk: string;
  sk: string;
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** The entity tag of the item before or after the change. */
export function entityOf(change: ItemChange): string | undefined {
  return (change.newImage?.entity ?? change.oldImage?.entity) as string | undefined;
}

/** An attribute's value before and after (for "did the role/partner change" checks). */
export function valuesOf(change: ItemChange, attribute: string): unknown[] {
  return [change.oldImage?.[attribute], change.newImage?.[attribute]].filter((v) => v !== undefined);
}
