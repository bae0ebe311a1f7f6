import * as z from 'zod';
import { emailField, newPasswordField, requiredText } from './common';
import { lazySchema } from './lazy-schema';

/**
 * Admin and super-admin accounts: created, disabled,
 * enabled, promoted or demoted, and given a new password by a super admin.
 */

export const createAdminRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    username: requiredText(100),
    email: emailField,
    password: newPasswordField,
    super_admin: z.boolean({ error: 'Choose admin or super admin' }),
    /** The support desk's permission (DESIGN section 7); a super admin has it anyway. */
    support: z.boolean({ error: 'Support must be true or false' }).optional(),
  }),
);
export type CreateAdminRequest = z.input<typeof createAdminRequest>;

/** Set an admin's state; either field may be left out to keep it. */
export const updateAdminRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    admin_id: requiredText(100),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
    super_admin: z.boolean({ error: 'Super admin must be true or false' }).optional(),
    support: z.boolean({ error: 'Support must be true or false' }).optional(),
  }),
);
export type UpdateAdminRequest = z.input<typeof updateAdminRequest>;

export const adminIdRequest = /* @__PURE__ */ lazySchema(() => z.object({ admin_id: requiredText(100) }));

const adminRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Username: z.string(),
    Email: z.string(),
    SuperAdmin: z.boolean(),
    /** The support desk's permission (a super admin has it whatever this says). */
    Support: z.boolean().optional(),
    Active: z.boolean(),
    CreatedAt: z.string(),
  }),
);
export type AdminRecord = z.infer<typeof adminRecord>;

export const adminsList = /* @__PURE__ */ lazySchema(() => z.object({ Admins: z.array(adminRecord) }));
/** Create and update admin. */
export const adminResponse = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string(), Admin: adminRecord }));
/** The new password is in this answer only: it is stored hashed and never shown again. */
export const resetPasswordResponse = /* @__PURE__ */ lazySchema(() =>
  adminResponse.extend({ TemporaryPassword: z.string() }),
);

/** A regulator's account (DESIGN section 7): created by a super admin, read-only, its own sign-in. */
export const createRegulatorRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    username: requiredText(100),
    email: emailField,
    password: newPasswordField,
  }),
);

/** Disable or enable a regulator account. */
export const updateRegulatorRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    regulator_id: requiredText(100),
    active: z.boolean({ error: 'Active must be true or false' }),
  }),
);

const regulatorRecord = /* @__PURE__ */ lazySchema(() => adminRecord.omit({ SuperAdmin: true }));
export type RegulatorRecord = z.infer<typeof regulatorRecord>;
export const regulatorsList = /* @__PURE__ */ lazySchema(() => z.object({ Regulators: z.array(regulatorRecord) }));
export const regulatorResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ message: z.string(), Regulator: regulatorRecord }),
);
