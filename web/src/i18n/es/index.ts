import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { apiAccess } from './api-access.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { dashboard } from './dashboard.ts';
import { guards } from './guards.ts';
import { pages } from './pages.ts';

/** The Spanish catalog: a translation of every English entry, area by area. */
export const es: Catalog<typeof en> = {
  common,
  pages,
  auth,
  guards,
  dashboard,
  apiAccess,
};
