/**
 * What our ids look like: `randomUUID()`'s v4 UUIDs, lower case (entries,
 * payouts, the references providers call back with). An id of another shape
 * is never looked up.
 */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
