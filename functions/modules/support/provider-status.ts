import type { ProviderStatusView } from '@shared/api/schemas/support';
import { paymentProviderOf } from '@shared/payment-providers';
import { getEntry } from '../entries';
import { ProviderUnavailableError } from '../../integrations/mobile-money';
import { ProviderNotAvailableError, providerFor } from '../../integrations/providers';

/**
 * The provider's own word on an entry's payment, asked now (DESIGN section 8:
 * a status query under the entry's X-Reference-Id). Changes nothing: the
 * desk decides (a SUCCESSFUL debit the product failed is refundable); the
 * reconciliation job keeps resolving late successes on its own. Undefined:
 * no such entry.
 */
export async function askProvider(entryId: string, now: Date): Promise<ProviderStatusView | undefined> {
  const entry = await getEntry(entryId);
  if (!entry) return undefined;
  const provider = paymentProviderOf(entry.msisdn) ?? 'unknown';
  const asked = { entry_id: entry.id, provider, asked_at: now.toISOString() };
  try {
    const status = await (await providerFor(entry.msisdn)).paymentStatus(entry.id);
    return {
      ...asked,
      status: status.status,
      ...(status.reason ? { reason: status.reason } : {}),
      ...(status.financialTransactionId ? { financial_transaction_id: status.financialTransactionId } : {}),
      refundable:
        status.status === 'SUCCESSFUL' && entry.status === 'failed' && !entry.lateSuccessAt && !entry.refundedAt,
    };
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderNotAvailableError)
      return { ...asked, status: 'UNREACHABLE', refundable: false };
    throw error;
  }
}
