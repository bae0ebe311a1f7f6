import { auditWrite, type AuditEntry } from '../../audit';
import { commitAll } from '../../../platform/dynamo';

/**
 * An audit line of its own, for a desk step that changes nothing else: a
 * look-up (who looked up whom, when: DESIGN section 7) or a provider asked.
 * Written before the answer is given, so no look-up goes unrecorded.
 */
export async function recordDeskStep(entry: AuditEntry, now: Date): Promise<void> {
  await commitAll([auditWrite(entry, now)]);
}
