import { apiAccess } from './api-access.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { dashboard } from './dashboard.ts';
import { guards } from './guards.ts';
import { pages } from './pages.ts';

/**
 * The English catalog: the product's own wording, one file per area of the site, each a
 * top-level key ('dashboard.alerts.title' is in dashboard.ts). Staff screens are English-only.
 */
export const en = { common, pages, auth, guards, dashboard, apiAccess };
