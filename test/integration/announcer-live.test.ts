import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { topicNames } from '@shared/topics';
import { aCheckedInAnnouncer, aPartner, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import { TopicClient } from '../support/ws';
import { getUser } from '../../functions/modules/staff';

type AnnouncerDashboard = {
  Promotions: Array<{ promotion_title: string; window_entries: number; promotion_prize_lrd: string }>;
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

  it("shows a promotion's new price and title on the open announcer and partner dashboards, without a reload", async () => {
    const { user: admin, client } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const announcerRecord = await aCheckedInAnnouncer(partner);
    const { promotion } = await aPromotionToDraw(client, admin.id, partner);
    const title = promotion.promotion_title;

    const announcerSocket = await TopicClient.connect(
      (await signedIn((await getUser(announcerRecord.ID))!, 'announcer')).sessionCookie,
    );
    announcerSocket.subscribe(topicNames.announcerDashboard(announcerRecord.ID));
    const partnerSocket = await TopicClient.connect(
      (await signedIn((await getUser(partner.ID))!, 'partner')).sessionCookie,
    );
    partnerSocket.subscribe(topicNames.partnerDashboard(partner.ID));
    const priceOf = (data: AnnouncerDashboard | undefined, name: string) =>
      data?.Promotions?.find((p) => p.promotion_title === name)?.promotion_prize_lrd;
    await announcerSocket.waitFor<AnnouncerDashboard>((m) => priceOf(m.data, title) === '100.00');
    await partnerSocket.waitFor<AnnouncerDashboard>((m) => m.data?.PromotionDrawCounts?.[title] !== undefined);

    const renamed = `${title} II`;
    const update = await client.call(
      routes.updatePromotion,
      { id: admin.id },
      { id: promotion.ID, promotion_title: renamed, promotion_prize_lrd: '150.00', promotion_prize_usd: '1.00' },
    );
    expect(update.status, update.text).toBe(200);

    // the banner's price is the one USSD now charges; the partner's figures are under the promotion's new title
    await announcerSocket.waitFor<AnnouncerDashboard>((m) => priceOf(m.data, renamed) === '150.00');
    await partnerSocket.waitFor<AnnouncerDashboard>((m) => m.data?.PromotionDrawCounts?.[renamed] !== undefined);
    announcerSocket.close();
    partnerSocket.close();
  });

  it('tells the partner and its announcers, live, that their draw was cleared and what became of its tickets', async () => {
    const { user: admin, client } = await fixtureSuperAdmin();
    const partner = await aPartner();
    const announcerRecord = await aCheckedInAnnouncer(partner);
    const { promotion, sharedCode } = await aPromotionToDraw(client, admin.id, partner, { threshold: 5 });
    await aPaidEntryByCode(sharedCode);
    await aPaidEntryByCode(sharedCode);

    type Cleared = { ClearedToday?: Array<{ promotion_title: string; tickets: number; mode: string }> };
    const announcerSocket = await TopicClient.connect(
      (await signedIn((await getUser(announcerRecord.ID))!, 'announcer')).sessionCookie,
    );
    announcerSocket.subscribe(topicNames.announcerDashboard(announcerRecord.ID));
    const partnerSocket = await TopicClient.connect(
      (await signedIn((await getUser(partner.ID))!, 'partner')).sessionCookie,
    );
    partnerSocket.subscribe(topicNames.partnerDashboard(partner.ID));
    for (const socket of [announcerSocket, partnerSocket])
      await socket.waitFor<Cleared>((m) => m.data?.ClearedToday !== undefined && m.data.ClearedToday.length === 0);

    const clear = await client.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString },
    );
    expect(clear.status, clear.text).toBe(200);
    for (const socket of [announcerSocket, partnerSocket]) {
      const told = await socket.waitFor<Cleared>((m) => (m.data?.ClearedToday?.length ?? 0) > 0);
      expect(told.data!.ClearedToday).toEqual([
        expect.objectContaining({ promotion_title: promotion.promotion_title, tickets: 2, mode: 'carry' }),
      ]);
      socket.close();
    }
  });
});
