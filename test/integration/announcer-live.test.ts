import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { topicNames } from '@shared/topics';
import { aCheckedInAnnouncer, aPartner, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { TopicClient } from '../support/ws';
import { getUser } from '../../functions/modules/staff';

type AnnouncerDashboard = {
  Promotions: Array<{ promotion_title: string; window_entries: number }>;
  PromotionDrawCounts: Record<string, { daily: number }>;
};
const windowOf = (data: AnnouncerDashboard | undefined, title: string) =>
  data?.Promotions?.find((p) => p.promotion_title === title)?.window_entries;

/**
 * Partner-wide changes reach every announcer of the partner (the
 * announcer's draw relies on it): an entry on a promotion with no announcer
 * share and a draw both name only the partner.
 */
describe('an announcer dashboard follows its partner live', () => {
  it("shows an entry with no announcer share arrive, and the next draw's count reset after the draw while today's entries stay", async () => {
    const { user: admin, client } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const announcerRecord = await aCheckedInAnnouncer(partner);
    const announcer = (await getUser(announcerRecord.ID))!;
    const { promotion, sharedCode } = await aPromotionToDraw(client, admin.id, partner, {
      announcer_percentage: 0,
      threshold: 1,
      starting_threshold: 1,
    });
    const title = promotion.promotion_title;

    const announcerClient = await signedIn(announcer, 'announcer');
    const socket = await TopicClient.connect(announcerClient.sessionCookie);
    socket.subscribe(topicNames.announcerDashboard(announcer.id));
    await socket.waitFor<AnnouncerDashboard>(
      (m) => m.data?.PromotionDrawCounts?.[title]?.daily === 0 && windowOf(m.data, title) === 0,
    );

    await aPaidEntryByCode(sharedCode);
    await socket.waitFor<AnnouncerDashboard>(
      (m) => m.data?.PromotionDrawCounts?.[title]?.daily === 1 && windowOf(m.data, title) === 1,
    );

    // the announcer conducts the draw from its own route, as its dashboard does
    const mark = socket.messages.length;
    const draw = await announcerClient.call(
      routes.announcerDraw,
      { id: announcer.id },
      {
        partner: partner.SearchString,
        threshold: 1,
        starting_threshold: 1,
        daily_draw: 1,
        search_string: announcerRecord.SearchString,
        promotion_title: title,
        shared_code: sharedCode,
      },
    );
    expect(draw.status, draw.text).toBe(200);
    expect(draw.body.winner.draw_id).toBeTypeOf('string');
    await socket.waitFor<AnnouncerDashboard>(
      (m) =>
        socket.messages.indexOf(m) >= mark &&
        windowOf(m.data, title) === 0 &&
        m.data?.PromotionDrawCounts?.[title]?.daily === 1,
    );
    socket.close();
  });
});
