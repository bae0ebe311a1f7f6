import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { withInvocationTime } from '../platform/call-time';
import { clock } from '../platform/clock';
import { logger } from '../platform/logger';
import { notificationOfChange, recordNotification, type NewNotification } from '../modules/notifications';
import { settleConfirmedRecords } from '../modules/entries';
import type { ItemChange } from '../platform/item-change';
import {
  publishTopics,
  audiencesOf,
  closeOutdatedStreams,
  closeSessionStreams,
  credentialChangeOf,
  endedSessionOf,
  resolveTopic,
  topicDefinitions,
} from '../modules/live';
import { QUIET_PREFIXES } from '../platform/store/keys';
import { streamRecordImages, streamRecordKey } from '../platform/store/stream-records';

/**
 * The stream fan-out (DESIGN section 2): maps each changed item to the topics
 * it makes stale, finds who watches them (one query per topic pattern:
 * modules/live/audiences.ts), rebuilds each watched topic's payload ONCE per
 * batch and posts each subscriber everything it watches in one post
 * (modules/live/publisher.ts). A topic whose payload cannot be built fails the
 * records that touched it (partial batch response), so
 * Lambda retries from the first of them — earlier records are not replayed.
 *
 * It also writes the admin notifications that changes call for (spec section 4, the header's notifications: a
 * new winner, a failed payout). Here rather than in the draw's or payout's
 * own transaction: those transactions keep their conditions and nothing can
 * fail them for a notification's sake, and every writer of a draw or a
 * payout (threshold, house, fixtures, callbacks, reconciliation) is covered
 * once. The write is conditional on the event's own id, so a replayed record
 * makes no second notification; a failed write fails its record.
 *
 * A deleted session record closes that session's sockets (DESIGN section 7;
 * modules/live/session-streams.ts), and so does a raised credential version of
 * its user; a close that fails fails its record.
 *
 * And it settles the entries whose payments its records confirm (DESIGN
 * section 4, modules/entries/settlement-stream.ts), those of a batch
 * together, beside the fan-out: here rather than in a third consumer, as
 * DynamoDB Streams serves two readers a shard. An assignment whose settling
 * failed fails its records.
 *
 * Its partial batch response is built here, not by Powertools' BatchProcessor
 * (which the prompts consumer uses, functions/lambdas/prompts.ts): that
 * processor runs one handler per record, while this one gathers the whole
 * batch's topics first and rebuilds each once, failing the records of a
 * topic only after the batch's one fan-out.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  if (context) logger.addContext(context);
  // the ticket SMS of what it settles are sent within the invocation's time
  return withInvocationTime(TIME_BUDGETS.stream, context, async () => {
    const now = clock.now();
    // side by side; settlement's end is awaited whatever the fan-out does (a Lambda freezes what is left running)
    const [fannedOut, settled] = await Promise.allSettled([
      fanOut(event, now),
      settleConfirmedRecords(event.Records, now),
    ]);
    if (fannedOut.status === 'rejected') throw fannedOut.reason;
    if (settled.status === 'rejected') throw settled.reason;
    const failed = new Set([...fannedOut.value, ...settled.value]);
    // Lambda hands the batch over again from its first failed record
    const firstFailed = event.Records.find((record) => failed.has(record));
    return {
      batchItemFailures: firstFailed?.dynamodb?.SequenceNumber
        ? [{ itemIdentifier: firstFailed.dynamodb.SequenceNumber }]
        : [],
    };
  });
}

/** The fan-out of a batch; answers the records it failed. */
async function fanOut(event: DynamoDBStreamEvent, now: Date): Promise<DynamoDBRecord[]> {
  const topicsByRecord = new Map<DynamoDBRecord, string[]>();
  const affected = new Set<string>();
  // per-record work (a notification to write, sockets to close): each resolves to its record if it failed
  const recordWork: Array<Promise<DynamoDBRecord | undefined>> = [];
  // topics whose item keeps its watchers (an entry's page): whom each change tells, with no subscription to read
  const told = new Map<string, { subscribers: Set<string>; records: DynamoDBRecord[] }>();
  for (const record of event.Records) {
    const ended = endedSessionOf(record);
    if (ended) recordWork.push(closeSessionStreams(ended).then((closed) => (closed ? undefined : record)));
    const outdated = credentialChangeOf(record);
    if (outdated) recordWork.push(closeOutdatedStreams(outdated, now).then((closed) => (closed ? undefined : record)));
    const change = changeOf(record);
    const topics = change ? topicsOfChange(change) : [];
    topicsByRecord.set(record, topics);
    for (const topic of topics) affected.add(topic);
    for (const { topic, connectionIds } of change ? watchersToTell(change) : []) {
      const audience = told.get(topic) ?? { subscribers: new Set<string>(), records: [] };
      for (const id of connectionIds) audience.subscribers.add(id);
      audience.records.push(record);
      told.set(topic, audience);
    }
    const notification = change ? notificationOfChange(change) : undefined;
    if (notification) recordWork.push(notify(record, notification, now));
  }
  const failedRecords = new Set((await Promise.all(recordWork)).filter((r): r is DynamoDBRecord => r !== undefined));

  // who watches what this batch touched: a name whose audience could not be read fails its records
  const { watched, failed: failedTopics } = await audiencesOf(affected, now);
  if (failedTopics.size > 0) logger.error('topic audiences not read', { names: [...failedTopics] });
  const audiences = [
    ...[...watched].map(([topic, { subscribers }]) => ({ topic, subscribers })),
    ...[...told].map(([topic, { subscribers }]) => ({ topic, subscribers: [...subscribers] })),
  ];
  const toPublish = audiences.flatMap(({ topic, subscribers }) => {
    const resolved = resolveTopic(topic);
    return resolved ? [{ topic, subscribers, events: () => resolved.definition.snapshot(resolved.params, now) }] : [];
  });
  const { failed: unpublished } = await publishTopics(toPublish);
  for (const topic of unpublished) {
    for (const source of watched.get(topic)?.sources ?? []) failedTopics.add(source);
    for (const record of told.get(topic)?.records ?? []) failedRecords.add(record);
  }
  return event.Records.filter(
    (record) => failedRecords.has(record) || (topicsByRecord.get(record) ?? []).some((t) => failedTopics.has(t)),
  );
}

/** Topics a stream record affects; quiet items (sessions, connections, throttles) affect none. */
export function topicsOf(record: DynamoDBRecord): string[] {
  const change = changeOf(record);
  return change ? topicsOfChange(change) : [];
}

function topicsOfChange(change: ItemChange): string[] {
  return [...new Set(topicDefinitions.flatMap((definition) => definition.affectedBy(change)))];
}

/** The watchers a change of a watched item tells (topics whose item keeps them: an entry's page). */
function watchersToTell(change: ItemChange): Array<{ topic: string; connectionIds: string[] }> {
  return topicDefinitions.flatMap((definition) => {
    const told = definition.watchers?.toTell(change);
    return told ? [told] : [];
  });
}

/** The changed item with its images unmarshalled; none for quiet items (sessions, connections, throttles). */
function changeOf(record: DynamoDBRecord): ItemChange | undefined {
  const { pk, sk } = streamRecordKey(record);
  if (!pk || !sk || QUIET_PREFIXES.some((prefix) => pk.startsWith(prefix))) return undefined;
  return { pk, sk, ...streamRecordImages(record) };
}

/** Write one record's notification; the record if that failed (Lambda retries from it). */
async function notify(
  record: DynamoDBRecord,
  notification: NewNotification,
  now: Date,
): Promise<DynamoDBRecord | undefined> {
  try {
    await recordNotification(notification, now);
    return undefined;
  } catch (error) {
    logger.error('notification write failed', { sequenceNumber: record.dynamodb?.SequenceNumber, error });
    return record;
  }
}
