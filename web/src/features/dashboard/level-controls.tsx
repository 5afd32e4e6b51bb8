import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { EventListView } from './dashboard-search';
import {
  EVENT_ORDERS,
  type EventOrder,
  LEVEL_FILTERS,
  LEVEL_LABELS,
  type LevelFilter,
} from './levels';

const FILTER_LABELS: Record<LevelFilter, string> = { all: 'All levels', ...LEVEL_LABELS };
const ORDER_LABELS: Record<EventOrder, string> = {
  newest: 'Newest first',
  urgent: 'Most urgent first',
};

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
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={700} id="level-filter-label">
          Show
        </Text>
        <SegmentedControl
          aria-labelledby="level-filter-label"
          size="xs"
          value={view.level}
          onChange={(level) => onChange({ level: level as LevelFilter })}
          data={LEVEL_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={700} id="event-order-label">
          Order
        </Text>
        <SegmentedControl
          aria-labelledby="event-order-label"
          size="xs"
          value={view.order}
          onChange={(order) => onChange({ order: order as EventOrder })}
          data={EVENT_ORDERS.map((value) => ({ value, label: ORDER_LABELS[value] }))}
        />
      </Stack>
    </Group>
  );
}
