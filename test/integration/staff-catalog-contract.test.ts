import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPromotion, assignmentTerms } from '../support/catalog';
import { contracted } from '../support/contract';
import { aStaffUser, aSuperAdmin, FIXTURE_PASSWORD, signedIn, uniqueCode, uniqueEmail } from '../support/fixtures';

/**
 * The staff and catalog routes answer exactly what their contract's response
 * schema describes (shared/api/routes/admin-staff.ts, admin-catalog.ts,
 * admin-accounts.ts, admin-notifications.ts): the web parses every answer
 * with it, so an answer outside it, or a field it would drop, breaks a screen.
 * PUT settings is checked on a stack of its own (house-settings.test.ts).
 */
let admin: StaffUser;
let client: ApiClient;
let id: { id: string };

beforeAll(async () => {
  admin = await aSuperAdmin();
  client = await signedIn(admin);
  id = { id: admin.id };
});

describe('the staff & catalog routes answer their contract', () => {
  it('partners and announcers: create, update, check in and out, delete', async () => {
    const partnerCode = uniqueCode('CP');
    const partnerBody = {
      username: 'Contract FM',
      email: uniqueEmail('contract-partner'),
      password: FIXTURE_PASSWORD,
      search_string: partnerCode,
      mobile_money_number: '0777123456',
    };
    const partner = contracted(routes.createPartner, await client.call(routes.createPartner, id, partnerBody)).Partner;
    expect(partner.SearchString).toBe(partnerCode);
    const updated = contracted(
      routes.updatePartner,
      await client.call(routes.updatePartner, id, { ...partnerBody, id: partner.ID, password: '' }),
    );
    expect(updated.Partner.ID).toBe(partner.ID);

    const announcerCode = uniqueCode('CA');
    const announcerBody = {
      username: 'Contract DJ',
      email: uniqueEmail('contract-announcer'),
      password: FIXTURE_PASSWORD,
      search_string: announcerCode,
      mobile_money_number: '0886123456',
      partner_search_string: partnerCode,
    };
    const announcer = contracted(
      routes.createAnnouncer,
      await client.call(routes.createAnnouncer, id, announcerBody),
    ).Announcer;
    expect(announcer.PartnerSearchString).toBe(partnerCode);
    contracted(
      routes.updateAnnouncer,
      await client.call(routes.updateAnnouncer, id, { ...announcerBody, id: announcer.ID, password: '' }),
    );
    const named = { search_string: announcerCode };
    const checkedIn = contracted(routes.checkInAnnouncer, await client.call(routes.checkInAnnouncer, id, named));
    expect(checkedIn.Announcer.LastCheckIn).not.toBeNull();
    const checkedOut = contracted(routes.checkOutAnnouncer, await client.call(routes.checkOutAnnouncer, id, named));
    expect(checkedOut.Announcer.LastCheckIn).toBeNull();
    contracted(routes.deleteAnnouncer, await client.call(routes.deleteAnnouncer, id, named));
    contracted(routes.deletePartner, await client.call(routes.deletePartner, id, { search_string: partnerCode }));
  });

  it('partner promotions: assign, update, end, list, options, delete', async () => {
    const partner = await aStaffUser('partner');
    const promotion = await aPromotion(client, admin.id);
    const terms = assignmentTerms(partner, promotion.ID);
    const assigned = contracted(
      routes.assignPartnerPromotion,
      await client.call(routes.assignPartnerPromotion, id, terms),
    ).Assignment;
    contracted(
      routes.updatePartnerPromotion,
      await client.call(routes.updatePartnerPromotion, id, { ...terms, id: assigned.ID, threshold: 12 }),
    );
    const ended = contracted(
      routes.setPartnerPromotionStatus,
      await client.call(routes.setPartnerPromotionStatus, id, { id: assigned.ID, status: 'ended' }),
    );
    expect(ended.Status).toBe('ended');

    const { Groups } = contracted(routes.listPartnerPromotions, await client.call(routes.listPartnerPromotions, id));
    expect(Groups.find((g) => g.PartnerID === partner.id)?.Assignments.map((a) => a.ID)).toEqual([assigned.ID]);
    const options = contracted(
      routes.partnersForAssignedPromotion,
      await client.request(
        'GET',
        `/api/v1/admin/${admin.id}/partners-for/assigned/promotion?promotion=${promotion.ID}`,
      ),
    );
    expect(options.partners.map((p) => p.value)).not.toContain(partner.searchString);
    contracted(routes.partnersForAssignedPromotion, await client.call(routes.partnersForAssignedPromotion, id));

    contracted(
      routes.deletePartnerPromotion,
      await client.call(routes.deletePartnerPromotion, id, { id: assigned.ID }),
    );
    contracted(routes.getSettings, await client.call(routes.getSettings, id));
  });

  it('admin accounts: create, list, update, reset the password', async () => {
    const created = contracted(
      routes.createAdmin,
      await client.call(routes.createAdmin, id, {
        username: 'Contract Admin',
        email: uniqueEmail('contract-admin'),
        password: FIXTURE_PASSWORD,
        super_admin: false,
      }),
    ).Admin;
    const { Admins } = contracted(routes.listAdmins, await client.call(routes.listAdmins, id));
    expect(Admins.map((a) => a.ID)).toContain(created.ID);
    const disabled = contracted(
      routes.updateAdmin,
      await client.call(routes.updateAdmin, id, { admin_id: created.ID, active: false }),
    );
    expect(disabled.Admin.Active).toBe(false);
    const reset = contracted(
      routes.resetAdminPassword,
      await client.call(routes.resetAdminPassword, id, { admin_id: created.ID }),
    );
    expect(reset.TemporaryPassword).not.toBe('');
  });

  it('the audit log and the notifications', async () => {
    await aPromotion(client, admin.id);
    const page = contracted(
      routes.auditLog,
      await client.request('GET', `/api/v1/admin/${admin.id}/audit-log?actor=${admin.id}&limit=2`),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((line) => line.actorId === admin.id)).toBe(true);
    contracted(routes.markNotificationsRead, await client.call(routes.markNotificationsRead, id));
  });
});
