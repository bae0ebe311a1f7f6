import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { periodsOf } from '../../functions/platform/periods';
import { db, tableName } from '../../functions/platform/dynamo';
import { getDraw } from '../../functions/modules/draw-records';
import { getEntry } from '../../functions/modules/entries';
import { keys } from '../../functions/platform/store/keys';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';

/** Stand-in for the passing of time: what the window and the day counter would hold had two entries come yesterday. */
async function update(key: Record<string, string>, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
    }),
  );
}

describe('a draw window counts entries since the last draw and since the start of the GMT day (DESIGN section 4)', () => {
  it("leaves yesterday's undrawn entries out of today's threshold and today's draw", async () => {
    const { user: admin, client } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const { assignmentId, sharedCode } = await aPromotionToDraw(client, admin.id, partner, {
      threshold: 1,
      starting_threshold: 2,
    });
    const entries = [];
    for (let i = 0; i < 3; i += 1) entries.push(await aPaidEntryByCode(sharedCode));

    // the window opened yesterday and its first two entries were paid then: today's counter holds one
    const now = new Date();
    await update(keys.assignment(assignmentId), { windowOpenedAt: new Date(now.getTime() - 86_400_000).toISOString() });
    await update(keys.counter(assignmentId, 'D', periodsOf(now).day), { entries: 1 });

    const drawBody = { partner: partner.SearchString, threshold: 1, dailyDraw: 99 };
    const refused = await client.call(routes.selectWinner, { id: admin.id }, drawBody);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/1 of 2/);

    await update(keys.assignment(assignmentId), { startingThreshold: 1 });
    const drawn = await client.call(routes.selectWinner, { id: admin.id }, drawBody);
    expect(drawn.status, drawn.text).toBe(200);
    const record = await getDraw(drawn.body.winner.draw_id);
    expect(record).toMatchObject({ firstSeq: 3, entryCount: 1, winningSeq: 3 });
    const lastEntry = await getEntry(entries[2]!.entryId);
    expect(record!.winnerEntryId).toBe(lastEntry!.id);
  });
});
