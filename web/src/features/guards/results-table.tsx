import { ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Search results scroll past this height. */
export const RESULTS_MAX_HEIGHT = 250;

/** A picker's results: one row per item, its action in the last column; scrolls past 250 px. */
export function ResultsTable({
  label,
  heading,
  children,
}: {
  /** The table's accessible name, 'Names found'. */
  label: string;
  /** The first column's heading. */
  heading: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={RESULTS_MAX_HEIGHT} type="auto" offsetScrollbars data-results>
      <Table aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>{t('guards.results.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** What was typed, offered as it is, under 'You Entered' in that case (not upper-cased). */
export function YouEntered({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="xs" c="dimmed" fw={700}>
        {t('guards.results.youEntered')}
      </Text>
      <Text fw={700}>{value}</Text>
    </>
  );
}
