import { messages } from '@shared/messages';
import { hashPassword } from './passwords';
import { partnerDeletionRefusal, partnerRecord } from './staff-rules';
import { conflict, notFound } from '../../platform/errors';
import { created, type HttpApp } from '../../platform/http-app';
import { listAssignments } from '../catalog/store/assignments';
import { listBalances } from '../payouts/store/balances';
import {
  createPartner,
  deletePartner,
  findPartnerBySearchString,
  getPartner,
  updatePartner,
  type StaffProfile,
} from './store/partners';
import { actorOf } from './actor';

/** Partner management (spec sections 2, 5, 7, 8): super admins only (routes/admin-staff.ts). */
export function registerPartnerRoutes(app: HttpApp<'admin'>): void {
  app.on('createPartner', async (request) => {
    const input = request.body;
    const partner = await createPartner(
      profileOf(input),
      await hashPassword(input.password),
      actorOf(request),
      request.now,
    );
    return created({ message: messages.partner.created, Partner: partnerRecord(partner, []) });
  });

  app.on('updatePartner', async (request) => {
    const input = request.body;
    const current = await getPartner(input.id);
    if (!current) throw notFound(messages.refusals.partnerNotFound);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const partner = await updatePartner(current, profileOf(input), passwordHash, actorOf(request), request.now);
    return { message: messages.partner.updated, Partner: partnerRecord(partner, await listBalances(partner.id)) };
  });

  app.on('deletePartner', async (request) => {
    const partner = await findPartnerBySearchString(request.body.search_string);
    if (!partner) throw notFound(messages.refusals.partnerNotFound);
    const [balances, assignments] = await Promise.all([listBalances(partner.id), listAssignments(partner.id)]);
    const refusal = partnerDeletionRefusal({
      balances,
      assignments: Math.max(assignments.length, partner.assignmentCount ?? 0),
      announcers: partner.announcerCount ?? 0,
    });
    if (refusal) throw conflict(refusal);
    await deletePartner(partner, balances, actorOf(request), request.now);
    return { message: messages.partner.deleted };
  });
}

/** A validated form's profile fields, in the store's names. */
export function profileOf(input: {
  username: string;
  email: string;
  search_string: string;
  mobile_money_number: string;
}): StaffProfile {
  return {
    username: input.username,
    email: input.email,
    searchString: input.search_string,
    mobileMoneyNumber: input.mobile_money_number,
  };
}
