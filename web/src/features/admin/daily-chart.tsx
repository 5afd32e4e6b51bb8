import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatDay } from '../dashboard/format';
import type { DailyFigures } from './types';

type Series = { key: keyof Omit<DailyFigures, 'date'>; label: string; color: string };

export const DAILY_SERIES: readonly Series[] = [
  { key: 'registrations', label: 'Registrations', color: 'var(--mantine-color-blue-6)' },
  { key: 'events', label: 'Events', color: 'var(--mantine-color-red-6)' },
  { key: 'alertsSent', label: 'Alerts Sent', color: 'var(--mantine-color-teal-6)' },
];

const HEIGHT = 220;
/** Before the first measurement (and in jsdom, which has no layout). */
const FALLBACK_WIDTH = 640;
const PAD = { top: 12, right: 16, bottom: 28, left: 36 };
/** Dates under the axis: one a week, and the last day, unless it would touch the one before. */
const LABEL_EVERY = 7;
const LABEL_GAP = 4;

/**
 * The last 30 days as three lines. Drawn as plain SVG because @mantine/charts is not installed
 * yet; the same figures are in a table for screen readers.
 */
export function DailyChart({ days }: { days: DailyFigures[] }) {
  // Drawn at the width it gets, so its text keeps its size on a phone and on a wide screen.
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const last = days.length - 1;
  const labelled = (i: number) => i === last || (i % LABEL_EVERY === 0 && last - i >= LABEL_GAP);
  const max = Math.max(1, ...days.flatMap((d) => DAILY_SERIES.map((s) => d[s.key])));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length < 2 ? 0 : (i * plotWidth) / (days.length - 1));
  const y = (value: number) => PAD.top + plotHeight - (value * plotHeight) / max;
  const ticks = [0, Math.round(max / 2), max].filter((t, i, all) => all.indexOf(t) === i);

  return (
    <Stack gap="xs">
      <Box ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label="Registrations, events and alerts sent per day over the last 30 days"
          style={{ display: 'block', width: '100%' }}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(t)}
                y2={y(t)}
                stroke="var(--mantine-color-gray-3)"
              />
              <text
                x={PAD.left - 6}
                y={y(t) + 4}
                textAnchor="end"
                fontSize={11}
                fill="currentColor"
              >
                {t}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            labelled(i) ? (
              <text
                key={d.date}
                x={x(i)}
                y={HEIGHT - 8}
                textAnchor={i === last ? 'end' : 'middle'}
                fontSize={11}
                fill="currentColor"
              >
                {formatDay(d.date).slice(0, 5)}
              </text>
            ) : null,
          )}
          {DAILY_SERIES.map((s) => (
            <polyline
              key={s.key}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
            />
          ))}
        </svg>
      </Box>
      <Group gap="md" justify="center" aria-hidden>
        {DAILY_SERIES.map((s) => (
          <Group gap={6} key={s.key}>
            <span
              style={{
                width: 12,
                height: 12,
                borderRadius: 2,
                background: s.color,
                display: 'inline-block',
              }}
            />
            <Text size="sm">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <Table>
          <Table.Caption>Figures per day, last 30 days</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              {DAILY_SERIES.map((s) => (
                <Table.Th key={s.key}>{s.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{formatDay(d.date)}</Table.Td>
                {DAILY_SERIES.map((s) => (
                  <Table.Td key={s.key}>{d[s.key]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
