import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
 * One of `data`, chosen by segments under its bold label (`id`). On a phone the segments stack,
 * the width of the screen: side by side, the Spanish levels are wider than a phone.
 */
function LabelledChoice<T extends string>({
  id,
  label,
  value,
  data,
  onChange,
  narrow,
}: {
  id: string;
  label: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
  narrow: boolean;
}) {
  return (
    <Stack gap={4} w={narrow ? '100%' : undefined}>
      <Text size="sm" fw={700} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        size="xs"
        value={value}
        onChange={onChange}
        data={data}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
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
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <LabelledChoice
        id="level-filter-label"
        label={t('dashboard.levels.show')}
        value={view.level}
        onChange={(level) => onChange({ level })}
        narrow={narrow}
        data={LEVEL_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
      />
      <LabelledChoice
        id="event-order-label"
        label={t('dashboard.levels.order')}
        value={view.order}
        onChange={(order) => onChange({ order })}
        narrow={narrow}
        data={EVENT_ORDERS.map((value) => ({ value, label: t(ORDER_LABELS[value]) }))}
      />
    </Group>
  );
}
