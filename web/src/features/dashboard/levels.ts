import { LEVEL_LABELS, LEVELS, type Level, levelRank } from '@deedwatch/rules';
import type { Alert } from './alerts';

// The English names stay for the staff screens, which are English-only.
export { LEVEL_LABELS, LEVELS, type Level };

/** A level's name, as its badge and the level filter show it. */
export const LEVEL_KEYS = {
  act_now: 'dashboard.levels.actNow',
  check: 'dashboard.levels.check',
  records: 'dashboard.levels.records',
} as const satisfies Record<Level, string>;

/**
 * A level as its badge shows it: Act now stands out, For your records does not. Each is dark
 * enough, or light enough for dark text (autoContrast), to be read at 4.5:1.
 */
export const LEVEL_COLORS: Record<Level, string> = {
  act_now: 'red',
  check: 'orange',
  records: 'gray.7',
};

export const LEVEL_FILTERS = ['all', ...LEVELS] as const;
export type LevelFilter = (typeof LEVEL_FILTERS)[number];
export const EVENT_ORDERS = ['newest', 'urgent'] as const;
export type EventOrder = (typeof EVENT_ORDERS)[number];

/**
 * The events a level filter keeps, in the order asked for: newest first (as they come), or the
 * most urgent level first and newest first within it.
 */
export function byLevel(alerts: Alert[], filter: LevelFilter, order: EventOrder): Alert[] {
  const kept = filter === 'all' ? alerts : alerts.filter((a) => a.event.level === filter);
  if (order === 'newest') return kept;
  // Array.prototype.sort is stable: the newest-first order holds within a level.
  return [...kept].sort((a, b) => levelRank(a.event.level) - levelRank(b.event.level));
}
