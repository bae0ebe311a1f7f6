import { messages } from '@shared/messages';
import { hashPassword } from './passwords';
import { announcerDeletionRefusal, announcerRecord } from './staff-rules';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import {
  checkInAnnouncer,
  checkOutAnnouncer,
  createAnnouncer,
  deleteAnnouncer,
  findAnnouncerBySearchString,
  updateAnnouncer,
  type Announcer,
} from './store/announcers';
import { findPartnerBySearchString, getPartner, type Partner } from './store/partners';
import { getUser } from './store/users';
import { actorOf } from '../audit';
import { profileOf, type PayeeReads } from './partners-http';

/** Announcer management (spec sections 2, 4, 5, 7, 8): super admins only (routes/admin-staff.ts). */
export function registerAnnouncerRoutes(app: HttpApp<'admin'>, reads: Pick<PayeeReads, 'balancesOf'>): void {
  app.on('createAnnouncer', async (request) => {
    const input = request.body;
    const partner = await knownPartner(input.partner_search_string);
    const passwordHash = await hashPassword(input.password);
    const announcer = await createAnnouncer(profileOf(input), passwordHash, partner, actorOf(request), request.now);
    return created({
      message: messages.announcer.created,
      Announcer: announcerRecord(announcer, partner.searchString, []),
    });
  });

  app.on('updateAnnouncer', async (request) => {
    const input = request.body;
    const current = await getUser(input.id);
    if (current?.role !== 'announcer') throw notFound(messages.refusals.announcerNotFound);
    const partner = input.partner_search_string ? await knownPartner(input.partner_search_string) : undefined;
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const announcer = await updateAnnouncer(
      current,
      profileOf(input),
      passwordHash,
      partner,
      actorOf(request),
      request.now,
    );
    return { message: messages.announcer.updated, Announcer: await currentRecord(reads, announcer, partner) };
  });

  app.on('deleteAnnouncer', async (request) => {
    const announcer = await announcerNamed(request.body.search_string);
    const balances = await reads.balancesOf(announcer.id);
    const refusal = announcerDeletionRefusal(balances);
    if (refusal) throw conflict(refusal);
    await deleteAnnouncer(announcer, balances, actorOf(request), request.now);
    return { message: messages.announcer.deleted };
  });

  app.on('checkInAnnouncer', async (request) => {
    const announcer = await checkInAnnouncer(
      await announcerNamed(request.body.search_string),
      actorOf(request),
      request.now,
    );
    return { message: messages.announcer.checkedIn, Announcer: await currentRecord(reads, announcer) };
  });

  app.on('checkOutAnnouncer', async (request) => {
    const announcer = await checkOutAnnouncer(
      await announcerNamed(request.body.search_string),
      actorOf(request),
      request.now,
    );
    return { message: messages.announcer.checkedOut, Announcer: await currentRecord(reads, announcer) };
  });
}

/** The partner an announcer form names; an unknown one is a 400 (the form offers only listed partners). */
async function knownPartner(searchString: string): Promise<Partner> {
  const partner = await findPartnerBySearchString(searchString);
  if (!partner) throw badRequest(messages.refusals.unknownPartnerChoose, { partner_search_string: 'Unknown partner' });
  return partner;
}

/** The announcer a `{search_string}` body names, or 404. */
async function announcerNamed(searchString: string): Promise<Announcer> {
  const announcer = await findAnnouncerBySearchString(searchString);
  if (!announcer) throw notFound(messages.refusals.announcerNotFound);
  return announcer;
}

/** The announcer as listed: its partner's code as it is now, its balances. */
async function currentRecord(reads: Pick<PayeeReads, 'balancesOf'>, announcer: Announcer, partner?: Partner) {
  const [owner, balances] = await Promise.all([
    partner ?? (announcer.partnerId ? getPartner(announcer.partnerId) : undefined),
    reads.balancesOf(announcer.id),
  ]);
  return announcerRecord(announcer, owner?.searchString, balances);
}
