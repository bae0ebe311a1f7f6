import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { newTicketNumber } from '../ticket-number';

/**
 * Ticket numbers, unique by conditional write (DESIGN section 4): one item
 * per number, naming the entry it was drawn for.
 *
 *   TICKET#<number> / TICKET   {entryId}
 *
 * A settler reserves its batch's numbers BEFORE the batch's transaction, each
 * with a plain conditional Put (1 write unit; inside the transaction it cost
 * 2, DESIGN section 10), and the transaction gives each entry its number. A
 * reservation whose entry never takes it (the entry was paid or failed by
 * another meanwhile, or the settler stopped) is released when the settler
 * can, else left: a number is an entry's ticket only while that entry, paid,
 * holds it (./entry-reads.ts `entryOfTicket`), so a stray reservation is never anyone's ticket.
 */

/** Numbers drawn again for one entry when the drawn one is taken before giving up (10^13 numbers: never in practice). */
const DRAWS = 5;

/** Reserve a new ticket number for each entry: the numbers by entry id (drawn at random, `draw` in tests). */
export async function reserveTicketNumbers(
  entryIds: readonly string[],
  draw: () => string = newTicketNumber,
): Promise<Map<string, string>> {
  const reserved = await Promise.all(
    entryIds.map(async (entryId) => [entryId, await reserveOne(entryId, draw)] as const),
  );
  return new Map(reserved);
}

async function reserveOne(entryId: string, draw: () => string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const ticketNumber = draw();
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.ticket(ticketNumber), entity: 'ticket', entryId },
          // ticket numbers are unique: a number taken is never given again
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return ticketNumber;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= DRAWS) throw error;
    }
  }
}

/** Let reserved numbers go whose entries will not take them (only while still reserved for that entry). */
export async function releaseTicketNumbers(reservations: ReadonlyArray<readonly [string, string]>): Promise<void> {
  await Promise.all(
    reservations.map(async ([entryId, ticketNumber]) => {
      try {
        await db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.ticket(ticketNumber),
            ConditionExpression: 'entryId = :entry',
            ExpressionAttributeValues: { ':entry': entryId },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}

/** The entry a ticket number was reserved for (./entry-reads.ts `entryOfTicket` checks it holds the number). */
export async function entryIdOfTicket(ticketNumber: string): Promise<string | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.ticket(ticketNumber) }));
  return result.Item?.entryId as string | undefined;
}
