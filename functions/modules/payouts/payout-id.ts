import { createHash } from 'node:crypto';

/**
 * A payout's id, which is also its X-Reference-Id at the provider: a UUID v4
 * in shape (MTN requires one) derived from what identifies the payout, so the
 * same request can never make a second payout (DESIGN section 5: "the same
 * key never pays twice"). Pay partner / announcer: (user, Idempotency-Key,
 * promotion); a prize: ('prize', draw, attempt); a cleared draw's refund: ('refund', entry).
 */
export function payoutIdOf(...parts: string[]): string {
  const bytes = createHash('sha256')
    .update(parts.map((part) => `${part.length}:${part}`).join('|'))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const balancePayoutId = (userId: string, idempotencyKey: string, promotionId: string) =>
  payoutIdOf('balance', userId, idempotencyKey, promotionId);

export const prizePayoutId = (drawId: string, attempt: number) => payoutIdOf('prize', drawId, String(attempt));

export const refundPayoutId = (entryId: string) => payoutIdOf('refund', entryId);
