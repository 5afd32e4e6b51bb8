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

/** One of `data`, chosen by segments under its bold label (`id`). */
function LabelledChoice<T extends string>({
  id,
  label,
  value,
  data,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        size="xs"
        value={value}
        onChange={onChange}
        data={data}
      />
    </Stack>
  );
}

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
      <LabelledChoice
        id="level-filter-label"
        label={t('dashboard.levels.show')}
        value={view.level}
        onChange={(level) => onChange({ level })}
        data={LEVEL_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
      />
      <LabelledChoice
        id="event-order-label"
        label={t('dashboard.levels.order')}
        value={view.order}
        onChange={(order) => onChange({ order })}
        data={EVENT_ORDERS.map((value) => ({ value, label: t(ORDER_LABELS[value]) }))}
      />
    </Group>
  );
}
