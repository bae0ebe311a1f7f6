import { messages } from '@shared/messages';
import { hashPassword } from './passwords';
import { partnerDeletionRefusal, partnerRecord, type PromotionBalance } from './staff-rules';
import { conflict, notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { createPartner, deletePartner, findPartnerBySearchString, getPartner, updatePartner } from './store/partners';
import type { StaffProfile } from './store/staff-writes';
import { actorOf } from '../audit';

/**
 * What the partner and announcer screens read from the modules above staff,
 * passed in by the Lambda's composition (functions/lambdas/admin.ts): staff
 * sits below payouts and the catalog, so it cannot import them.
 */
export interface PayeeReads {
  /** A partner's or announcer's balances, one per promotion (payouts). */
  balancesOf(userId: string): Promise<PromotionBalance[]>;
  /** A partner's assignments (catalog): only how many counts here. */
  assignmentsOf(partnerId: string): Promise<readonly unknown[]>;
}

/** Partner management (spec sections 2, 5, 7, 8): super admins only (routes/admin-staff.ts). */
export function registerPartnerRoutes(app: HttpApp<'admin'>, reads: PayeeReads): void {
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
    return { message: messages.partner.updated, Partner: partnerRecord(partner, await reads.balancesOf(partner.id)) };
  });

  app.on('deletePartner', async (request) => {
    const partner = await findPartnerBySearchString(request.body.search_string);
    if (!partner) throw notFound(messages.refusals.partnerNotFound);
    const [balances, assignments] = await Promise.all([reads.balancesOf(partner.id), reads.assignmentsOf(partner.id)]);
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
