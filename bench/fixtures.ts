import { randomUUID } from 'node:crypto';
import { hashPassword } from '../functions/modules/staff/passwords';
import { createAssignment } from '../functions/modules/catalog/store/assignment-edits';
import { createPromotion } from '../functions/modules/catalog/store/promotions';
import { createStaffUser } from '../functions/modules/staff/store/users';

let passwordHash: Promise<string> | undefined;

/** A partner promotion (on the Lonestar gateway unless `server` says), set up through the stores; returns its shared code. */
export async function aBenchPromotionCode(server: 'lonestar' | 'orange' | 'all' = 'lonestar'): Promise<string> {
  const now = new Date();
  const suffix = randomUUID().slice(0, 8);
  const partner = await createStaffUser(
    {
      email: `bench-partner-${suffix}@example.com`,
      username: `Bench FM ${suffix}`,
      role: 'partner',
      superAdmin: false,
      passwordHash: await (passwordHash ??= hashPassword(randomUUID())),
      searchString: `BENCH-${suffix}`,
      mobileMoneyNumber: '231886000001',
    },
    now,
    [{ kind: 'searchString', value: `BENCH-${suffix}`, field: 'search_string' }],
  );
  const actor = { actorId: 'bench', actorRole: 'admin', sourceIp: '127.0.0.1' };
  const promotion = await createPromotion(
    { title: `Bench Promo ${suffix}`, priceLrdCents: 5_000, priceUsdCents: 25 },
    actor,
    now,
  );
  const code = String(Math.floor(Math.random() * 9e9) + 1e9);
  await createAssignment(
    partner.id,
    promotion.id,
    {
      partnerBp: 1000,
      announcerBp: 0,
      sharedCode: code,
      server,
      threshold: 10,
      startingThreshold: 5,
      winnerAmountCents: 100_000,
    },
    actor,
    now,
  );
  return code;
}
