import { LineChart, type LineChartSeries } from '@mantine/charts';
import { Box, Table, VisuallyHidden } from '@mantine/core';
import { formatDay } from '../dashboard/format';
import type { DailyFigures } from './types';

type DailyKey = keyof Omit<DailyFigures, 'date'>;

export const DAILY_SERIES: readonly (LineChartSeries & { name: DailyKey; label: string })[] = [
  { name: 'registrations', label: 'Registrations', color: 'blue.6' },
  { name: 'events', label: 'Events', color: 'red.6' },
  { name: 'alertsSent', label: 'Alerts Sent', color: 'teal.6' },
];

export const DAILY_CHART_LABEL =
  'Registrations, events and alerts sent per day over the last 30 days';

const numberFormat = new Intl.NumberFormat('en-US');
/** MM/DD under the axis: the year would crowd a phone-wide chart; the tooltip has it. */
const shortDay = (day: string) => formatDay(day).slice(0, 5);

/** The last 30 days as three lines, with the same figures in a table for screen readers. */
export function DailyChart({ days }: { days: DailyFigures[] }) {
  return (
    <Box component="figure" m={0} aria-label={DAILY_CHART_LABEL}>
      <LineChart
        h={260}
        data={days}
        dataKey="date"
        series={[...DAILY_SERIES]}
        curveType="linear"
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
        valueFormatter={(value) => numberFormat.format(value)}
        xAxisProps={{ tickFormatter: shortDay, minTickGap: 12 }}
        yAxisProps={{ allowDecimals: false, width: 48 }}
        tooltipProps={{ labelFormatter: (day) => formatDay(String(day)) }}
      />
      <VisuallyHidden>
        <Table>
          <Table.Caption>Figures per day, last 30 days</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              {DAILY_SERIES.map((s) => (
                <Table.Th key={s.name}>{s.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{formatDay(d.date)}</Table.Td>
                {DAILY_SERIES.map((s) => (
                  <Table.Td key={s.name}>{d[s.name]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
