import { authEndpoints } from '@shared/api/endpoints/auth';
import { messages } from '@shared/messages';
import type { Portal } from '@shared/api/schemas/auth';
import { actorOf } from '../modules/audit';
import {
  changePassword,
  clearedSessionCookie,
  deviceCookie,
  deviceIdFromCookies,
  sessionCookie,
  deleteSessionByKey,
  signIn,
  toSessionUser,
  signedInUser,
  staffSessions,
} from '../modules/staff';
import { createHttpApp, type GuardedRequest } from '../platform/http-app';
import { reply } from '../platform/http-responses';

const app = createHttpApp('auth', staffSessions, authEndpoints);

const portals: Array<['adminLogin' | 'partnerLogin' | 'announcerLogin' | 'regulatorLogin', Portal]> = [
  ['adminLogin', 'admin'],
  ['partnerLogin', 'partner'],
  ['announcerLogin', 'announcer'],
  ['regulatorLogin', 'regulator'],
];

for (const [routeName, portal] of portals) {
  app.on(routeName, async (request) => {
    const { email, password } = request.body;
    const deviceId = deviceIdFromCookies(request.event.cookies ?? request.headers.cookie);
    const signedIn = await signIn(portal, email, password, { sourceIp: request.sourceIp, deviceId }, request.now);
    return reply(
      200,
      { user: signedIn.user },
      { cookies: [sessionCookie(signedIn.sessionId), deviceCookie(signedIn.deviceId)] },
    );
  });
}

app.on('me', (request) => ({ user: toSessionUser(signedInUser(request)!) }));

app.on('changePassword', async (request) => {
  const deviceId = deviceIdFromCookies(request.event.cookies ?? request.headers.cookie);
  const sessionId = await changePassword(
    signedInUser(request)!,
    request.body,
    { sessionKey: request.session!.sessionKey, deviceId, actor: actorOf(request) },
    request.now,
  );
  return reply(200, { message: messages.account.passwordChanged }, { cookies: [sessionCookie(sessionId)] });
});

async function logout(request: GuardedRequest) {
  await deleteSessionByKey(request.session!.sessionKey);
  return reply(200, { message: messages.logout.success }, { cookies: [clearedSessionCookie()] });
}
app.on('logout', logout);
app.on('announcerLogout', logout);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
