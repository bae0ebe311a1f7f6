import { adminAccountRoutes } from '@shared/api/routes/admin-accounts';
import { createHttpApp } from '../lib/http-app';
import { register } from './routes';

/**
 * The admin accounts Lambda (shared/api/routes/admin-accounts.ts): apart from
 * the admin Lambda, whose bundle is at its size budget (DESIGN section 9).
 */
const app = createHttpApp('accounts', adminAccountRoutes);
register(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
