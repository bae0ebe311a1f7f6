import { adminAccountEndpoints } from '../endpoints/admin-accounts';
import { withAnswers } from '../route-spec';
import { adminResponse, adminsList, regulatorResponse, regulatorsList, resetPasswordResponse } from '../schemas/admins';

/** adminAccountEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminAccountRoutes = withAnswers(adminAccountEndpoints, {
  listAdmins: adminsList,
  createAdmin: adminResponse,
  updateAdmin: adminResponse,
  resetAdminPassword: resetPasswordResponse,
  listRegulators: regulatorsList,
  createRegulator: regulatorResponse,
  updateRegulator: regulatorResponse,
});
