import { randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { dueSort, type OwedSms, type SmsRecord } from './sms-records';

/**
 * SMS owed together in one transaction (a settlement batch's ticket SMS,
 * DESIGN section 10): ONE item for the batch instead of a record each —
 * `SMS#batch-<id>`, in the SMSDUE index at the end of its first attempts'
 * lease, the SMS packed (deflated JSON: a batch's texts repeat each other)
 * with the check codes they go out with. Its sender attempts each SMS once
 * the transaction commits, each attempt writing that SMS's record
 * (./sms-attempts.ts putSentSms, or a claimed record on failure), then
 * deletes the batch. A sender that stopped first leaves it due: the retry
 * job owes each of its SMS on its own record then, where one already
 * recorded is not sent again (../owed-batches.ts).
 */

const BATCH_PREFIX = 'batch-';

/** Whether an id in the SMSDUE index is a batch's, not one SMS's (SMS ids are `<purpose>-<ref>`; no purpose is `batch`). */
export const isSmsBatchId = (id: string): boolean => id.startsWith(BATCH_PREFIX);

/** What a batch keeps of each SMS: enough to owe it again with the same check code. */
type PackedSms = Required<OwedSms>;

const pack = (records: readonly SmsRecord[]): Uint8Array =>
  deflateRawSync(
    JSON.stringify(
      records.map(({ id, purpose, ref, to, text, checkCode }) => ({ id, purpose, ref, to, text, checkCode })),
    ),
  );

const unpack = (packed: Uint8Array): PackedSms[] => JSON.parse(inflateRawSync(packed).toString('utf8')) as PackedSms[];

/** The Put of a batch of SMS claimed for their first attempts until `leaseUntil`, for the caller's transaction. */
export function smsBatchPut(
  records: readonly SmsRecord[],
  now: Date,
  leaseUntil: Date,
): { id: string; put: TransactItem } {
  const id = `${BATCH_PREFIX}${randomUUID()}`;
  const due = leaseUntil.toISOString();
  const item = {
    ...keys.sms(id),
    entity: 'sms-batch',
    id,
    count: records.length,
    sms: pack(records),
    createdAt: now.toISOString(),
    nextAttemptAt: due,
    gsi1pk: keys.smsDue.of(id),
    gsi1sk: dueSort(due, id),
  };
  // no condition: its id is new, and an SMS must never cancel what it reports
  return { id, put: { Put: { TableName: tableName(), Item: item } } };
}

/**
 * Claim a batch that is due (its sender stopped before deleting it): its SMS,
 * or undefined when it is gone or another run claimed it first.
 */
export async function claimSmsBatch(id: string, now: Date, leaseUntil: Date): Promise<PackedSms[] | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sms(id),
        UpdateExpression: 'SET nextAttemptAt = :lease, gsi1sk = :sort',
        ConditionExpression: 'nextAttemptAt <= :now',
        ExpressionAttributeValues: {
          ':lease': leaseUntil.toISOString(),
          ':sort': dueSort(leaseUntil.toISOString(), id),
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return unpack(result.Attributes!.sms as Uint8Array);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Every SMS of the batch has its own record: the batch is done. */
export async function deleteSmsBatch(id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.sms(id) }));
}
