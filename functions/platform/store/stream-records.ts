import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

/** A stream record's item key (DynamoDB's wire format read here, where the table's format is known). */
export function streamRecordKey(record: DynamoDBRecord): { pk?: string; sk?: string } {
  const raw = record.dynamodb?.Keys as Record<string, AttributeValue> | undefined;
  return { pk: raw?.pk?.S, sk: raw?.sk?.S };
}

/** A stream record's item before and after the change, as plain objects (absent when the change has none). */
export function streamRecordImages(record: DynamoDBRecord): {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
} {
  const { OldImage, NewImage } = record.dynamodb ?? {};
  return {
    oldImage: OldImage ? unmarshall(OldImage as Record<string, AttributeValue>) : undefined,
    newImage: NewImage ? unmarshall(NewImage as Record<string, AttributeValue>) : undefined,
  };
}
