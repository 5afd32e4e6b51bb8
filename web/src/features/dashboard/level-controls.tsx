import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventListView } from './dashboard-search';
import {
  EVENT_ORDERS,
  type EventOrder,
  LEVEL_FILTERS,
  LEVEL_KEYS,
  type LevelFilter,
} from './levels';

const FILTER_LABELS = {
  all: 'dashboard.levels.all',
  ...LEVEL_KEYS,
} as const satisfies Record<LevelFilter, string>;
const ORDER_LABELS = {
  newest: 'dashboard.levels.newest',
  urgent: 'dashboard.levels.urgent',
} as const satisfies Record<EventOrder, string>;

/**
 * Which levels the lists of events (Alerts, Possible Matches, Already on Record) show, and in
 * what order; kept in the address.
 */
export function LevelControls({
  view,
  onChange,
}: {
  view: EventListView;
  onChange: (change: Partial<EventListView>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={700} id="level-filter-label">
          {t('dashboard.levels.show')}
        </Text>
        <SegmentedControl
          aria-labelledby="level-filter-label"
          size="xs"
          value={view.level}
          onChange={(level) => onChange({ level: level as LevelFilter })}
          data={LEVEL_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={700} id="event-order-label">
          {t('dashboard.levels.order')}
        </Text>
        <SegmentedControl
          aria-labelledby="event-order-label"
          size="xs"
          value={view.order}
          onChange={(order) => onChange({ order: order as EventOrder })}
          data={EVENT_ORDERS.map((value) => ({ value, label: t(ORDER_LABELS[value]) }))}
        />
      </Stack>
    </Group>
  );
}
