import { beforeAll, describe, it } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { ticketHash } from '@shared/fairness/merkle';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { contracted } from '../support/contract';
import { eventually } from '../support/eventually';
import { aCheckedInAnnouncer, aPartner, FIXTURE_PASSWORD, fixtureSuperAdmin, signedIn } from '../support/fixtures';
import {
  aPaidEntryByCode,
  aPromotionToDraw,
  aUniquePlayerNumber,
  enterHouseGame,
  paidEntriesByCode,
  simulatorTransaction,
} from '../support/play';
import { dialAs } from '../support/ussd';

/**
 * The typed contract (shared/api/route-spec.ts), against the real stack:
 * each route's real answer is exactly what its response schema describes.
 * Parsing refuses nothing and drops nothing, so the web (which parses with
 * these schemas) sees every field the server sends, and the handlers' checked
 * answer types are the wire's.
 */

let admin: StaffUser;
let adminClient: ApiClient;
let partner: PartnerRecord;
let announcer: AnnouncerRecord;
const anyone = new ApiClient();

beforeAll(async () => {
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  partner = await aPartner();
  announcer = await aCheckedInAnnouncer(partner);
});

describe('sign-in and sessions answer their contracts', () => {
  it('login, me and logout (staff and announcer)', async () => {
    const client = new ApiClient();
    const login = await client.call(routes.adminLogin, {}, { email: admin.email, password: FIXTURE_PASSWORD });
    contracted(routes.adminLogin, login);
    contracted(routes.me, await client.call(routes.me));
    contracted(routes.logout, await client.call(routes.logout, { id: admin.id }));

    const onAir = await signedIn({ id: announcer.ID, email: announcer.Email, role: 'announcer' } as StaffUser);
    contracted(routes.announcerLogout, await onAir.call(routes.announcerLogout, { id: announcer.ID }));
  });
});

describe('the public site answers its contracts', () => {
  it('health, entry options and the house games', async () => {
    for (const spec of [
      routes.health,
      routes.dailyDrawEntryOptions,
      routes.jackpotEntryOptions,
      routes.publicHouseGames,
    ])
      contracted(spec, await anyone.call(spec));
  });

  it('an entry, its status, the ticket check and the payment callback', async () => {
    const mobile = aUniquePlayerNumber();
    const options = (await anyone.call(routes.dailyDrawEntryOptions)).body as { DefaultAmountLRD: string };
    const entry = await enterHouseGame('daily', mobile, `${options.DefaultAmountLRD}|LRD`);
    contracted(routes.dailyDrawEntry, entry);
    const entryId = entry.body.entry_id as string;
    contracted(routes.entryStatus, await anyone.call(routes.entryStatus, { entry_id: entryId }));

    const { callbackUrl } = await eventually(
      () => simulatorTransaction(entryId),
      (held) => held.callbackUrl !== undefined,
    );
    const callback = await anyone.request(
      'PUT',
      new URL(callbackUrl!).pathname,
      { status: 'SUCCESSFUL' },
      { csrf: false },
    );
    contracted(routes.momoCallbackPut, callback);

    const paid = await eventually(
      () => anyone.call(routes.entryStatus, { entry_id: entryId }),
      (status) => status.body.status !== 'pending',
    );
    contracted(routes.entryStatus, paid);
    const check = await anyone.call(routes.dailyTicketVerification, {}, { ticket_number: paid.body.ticket_number });
    contracted(routes.dailyTicketVerification, check);
  });

  it('a USSD screen is plain text', async () => {
    const screen = await dialAs(aUniquePlayerNumber(), '');
    contracted(routes.ussd, { status: screen.status, body: screen.text, text: screen.text });
  });
});

describe('draws answer their contracts, and so do their public records', () => {
  it("the admin's draw, the clear preview and the clear; the record, its proof, fair draws, results and winners", async () => {
    const drawn = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 2, threshold: 2 });
    const entries = await paidEntriesByCode(drawn.sharedCode, 2);
    const selected = await adminClient.call(
      routes.selectWinner,
      { id: admin.id },
      { partner: partner.SearchString, shared_code: drawn.sharedCode },
    );
    contracted(routes.selectWinner, selected);
    const drawId = selected.body.winner.draw_id as string;

    contracted(routes.publicDraw, await anyone.call(routes.publicDraw, { draw_id: drawId }));
    const hash = await ticketHash(entries[0]!.ticket);
    contracted(
      routes.publicDrawProof,
      await anyone.call(routes.publicDrawProof, { draw_id: drawId, ticket_hash: hash }),
    );
    for (const spec of [routes.publicFairDraws, routes.publicResults, routes.publicWinners])
      contracted(spec, await anyone.call(spec));

    await aPaidEntryByCode(drawn.sharedCode);
    const preview = await adminClient.request(
      'GET',
      `${pathOf(routes.clearPartnerDrawPreview, { id: admin.id })}?partner=${encodeURIComponent(partner.SearchString)}`,
    );
    contracted(routes.clearPartnerDrawPreview, preview);
    const clear = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString },
    );
    contracted(routes.clearPartnerDraw, clear);
  });

  it("the announcer's draw", async () => {
    const drawn = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1, threshold: 1 });
    await aPaidEntryByCode(drawn.sharedCode);
    const onAir = await signedIn({ id: announcer.ID, email: announcer.Email, role: 'announcer' } as StaffUser);
    const draw = await onAir.call(routes.announcerDraw, { id: announcer.ID }, { shared_code: drawn.sharedCode });
    contracted(routes.announcerDraw, draw);
  });
});
