import { randomUUID } from 'node:crypto';
import type { RegulatorRecord } from '@shared/api/schemas/admins';
import { oversightMessages } from '@shared/oversight-messages';
import { actorOf, auditWrite } from '../audit';
import { hashPassword } from './passwords';
import { notFound } from '../../platform/errors';
import type { HttpApp } from '../../platform/http-app';
import { created } from '../../platform/http-responses';
import { regulatorSummary, setRegulatorActive } from './store/regulators';
import { createStaffUser, getUser, listUsersByRole, type StaffUser } from './store/users';

/**
 * Regulator accounts (DESIGN section 7): created, listed, disabled and
 * enabled by a super admin only; the regulator signs in at its own portal
 * and reaches only its read-only window.
 */
export function registerRegulatorAccountRoutes(app: HttpApp<'accounts'>): void {
  app.on('listRegulators', async () => ({ Regulators: (await listUsersByRole('regulator')).map(regulatorRecord) }));

  app.on('createRegulator', async (request) => {
    const input = request.body;
    const id = randomUUID();
    const profile = { id, email: input.email, username: input.username, role: 'regulator' as const, superAdmin: false };
    const regulator = await createStaffUser(
      { ...profile, passwordHash: await hashPassword(input.password) },
      request.now,
      [],
      [
        auditWrite(
          {
            ...actorOf(request),
            action: 'regulator.create',
            target: `regulator:${id}`,
            after: regulatorSummary(profile),
          },
          request.now,
        ),
      ],
    );
    return created({ message: oversightMessages.regulators.created, Regulator: regulatorRecord(regulator) });
  });

  app.on('updateRegulator', async (request) => {
    const before = await getUser(request.body.regulator_id);
    if (!before || before.role !== 'regulator') throw notFound(oversightMessages.regulators.notFound);
    const after = await setRegulatorActive(before, request.body.active, actorOf(request), request.now);
    return { message: oversightMessages.regulators.updated, Regulator: regulatorRecord(after) };
  });
}

function regulatorRecord(user: StaffUser): RegulatorRecord {
  return {
    ID: user.id,
    Username: user.username,
    Email: user.email,
    Active: user.disabled !== true,
    CreatedAt: user.createdAt,
  };
}
