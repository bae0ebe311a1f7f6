import * as z from 'zod';
import { messages } from '../../messages';
import { emailField } from './common';
import { STAFF_ROLES } from '../../roles';
import { lazySchema } from './lazy-schema';

export const loginRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: emailField,
    password: z.string().min(1, 'Required').max(256, 'At most 256 characters'),
  }),
);
export type LoginRequest = z.infer<typeof loginRequest>;

/** Spec section 3: "Login response: user with id, role, and super_admin". */
const sessionUser = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    role: z.enum(STAFF_ROLES),
    super_admin: z.boolean(),
    /** The support desk's permission (DESIGN section 7): true for every super admin. */
    support: z.boolean().optional(),
    username: z.string(),
    email: z.string(),
    /** A super admin reset the password: only the Account screen is open until it is changed (DESIGN section 7). */
    must_change_password: z.boolean().optional(),
  }),
);
export type SessionUser = z.infer<typeof sessionUser>;

/** GET /auth/me: the signed-in user. */
export const meResponse = /* @__PURE__ */ lazySchema(() => z.object({ user: sessionUser }));

/**
 * A sign-in's answer. The login page checks the role itself (spec section 4
 * "Login": a role it does not know is refused with 'Invalid user role'), so
 * the contract takes any role text there.
 */
export const loginResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ user: sessionUser.extend({ role: z.string() }) }),
);

/** Which roles each login portal accepts (spec section 4 "Login"). */
export const PORTAL_ROLES = {
  admin: ['admin', 'partner', 'announcer'],
  partner: ['partner'],
  announcer: ['announcer'],
  /** The regulator's own sign-in (DESIGN section 7): no other portal lets a regulator in. */
  regulator: ['regulator'],
} as const;
export type Portal = keyof typeof PORTAL_ROLES;

const { account } = messages;

/**
 * POST /auth/password: a staff user changes their own password (DESIGN
 * section 7). Each message names its field; the new one must differ from the
 * current one and match its confirmation.
 */
export const changePasswordRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      current_password: z.string().min(1, account.currentRequired).max(256, account.currentPasswordWrong),
      new_password: z.string().min(8, account.newPasswordShort).max(256, account.newPasswordLong),
      confirm_password: z.string(),
    })
    .superRefine((body, ctx) => {
      if (body.new_password === body.current_password)
        ctx.addIssue({ code: 'custom', path: ['new_password'], message: account.newPasswordSame });
      if (body.confirm_password !== body.new_password)
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: account.confirmMismatch });
    }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
