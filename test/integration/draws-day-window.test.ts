import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { periodsOf } from '../../functions/platform/periods';
import { getDraw } from '../../functions/modules/draw-records';
import { getEntry } from '../../functions/modules/entries';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { setAssignment, setDayCounter } from '../support/stored-state';

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
    await setAssignment(assignmentId, { windowOpenedAt: new Date(now.getTime() - 86_400_000).toISOString() });
    await setDayCounter(assignmentId, periodsOf(now).day, { entries: 1 });

    const drawBody = { partner: partner.SearchString, threshold: 1, dailyDraw: 99 };
    const refused = await client.call(routes.selectWinner, { id: admin.id }, drawBody);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/1 of 2/);

    await setAssignment(assignmentId, { startingThreshold: 1 });
    const drawn = await client.call(routes.selectWinner, { id: admin.id }, drawBody);
    expect(drawn.status, drawn.text).toBe(200);
    const record = await getDraw(drawn.body.winner.draw_id);
    expect(record).toMatchObject({ firstSeq: 3, entryCount: 1, winningSeq: 3 });
    const lastEntry = await getEntry(entries[2]!.entryId);
    expect(record!.winnerEntryId).toBe(lastEntry!.id);
  });
});
