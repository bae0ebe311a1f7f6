import { authEndpoints } from '../endpoints/auth';
import { withAnswers } from '../route-spec';
import { loginResponse, meResponse } from '../schemas/auth';
import { messageResponse } from '../schemas/common';

/** authEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const authRoutes = withAnswers(authEndpoints, {
  adminLogin: loginResponse,
  partnerLogin: loginResponse,
  announcerLogin: loginResponse,
  regulatorLogin: loginResponse,
  me: meResponse,
  changePassword: messageResponse,
  logout: messageResponse,
  announcerLogout: messageResponse,
});
