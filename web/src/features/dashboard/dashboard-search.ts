import * as v from 'valibot';
import { EVENT_ORDERS, LEVEL_FILTERS } from './levels';

/** What each parameter is when the address leaves it out (and is left out when it is this). */
export const DASHBOARD_SEARCH_DEFAULTS = { event: '', level: 'all', order: 'newest' } as const;

function param<const S extends v.GenericSchema, const D extends v.InferOutput<S>>(
  schema: S,
  fallback: D,
) {
  return v.optional(v.fallback(schema, fallback), fallback);
}

/**
 * The dashboard's address: the event an alert's link opens (its id), and the level filter and
 * order of the lists of events. Anything else in them is the default.
 */
export const DashboardSearchSchema = v.object({
  event: param(v.pipe(v.string(), v.uuid()), DASHBOARD_SEARCH_DEFAULTS.event),
  level: param(v.picklist(LEVEL_FILTERS), DASHBOARD_SEARCH_DEFAULTS.level),
  order: param(v.picklist(EVENT_ORDERS), DASHBOARD_SEARCH_DEFAULTS.order),
});

export type DashboardSearch = v.InferOutput<typeof DashboardSearchSchema>;
export type EventListView = Pick<DashboardSearch, 'level' | 'order'>;
