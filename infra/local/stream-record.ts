import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';

/** A record read from DynamoDB Streams as Lambda hands it to a function. */
export function toLambdaRecord(record: StreamRecord): DynamoDBRecord {
  const d = record.dynamodb!;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? 'us-east-1',
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime
        ? Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000)
        : undefined,
      Keys: d.Keys as never,
      NewImage: d.NewImage as never,
      OldImage: d.OldImage as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as never,
    },
  };
}
