import { KEYBOARD_SCROLL } from '../../components/scroll';
import {
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardApn, GuardName } from '../guards/guard-items';
import { addressOrUnknown } from '../guards/guard-items';

type Column<T> = {
  /** Keeps a column's cells apart, whatever language its header is in. */
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  nowrap?: boolean;
};

/**
 * Phone widths, where a row of the table would be wider than the screen: each item is a card of
 * its own there instead, its fields one under another and its Remove button whole beside them.
 */
const STACKED = '(max-width: 36em)';

/**
 * A register-page list of picked items: a heading, a table and a remove button per row (on a
 * phone, a list of cards).
 */
function ToBeGuarded<T>({
  id,
  title,
  items,
  columns,
  keyOf,
  removeLabel,
  onRemove,
}: {
  id: string;
  title: string;
  items: readonly T[];
  columns: Column<T>[];
  keyOf: (item: T) => string;
  removeLabel: (item: T) => string;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const stacked = useMediaQuery(STACKED, false, { getInitialValueInEffect: false });
  if (items.length === 0) return null;
  const removeButton = (item: T, index: number) => (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      onClick={() => onRemove(index)}
      aria-label={removeLabel(item)}
      style={{ flexShrink: 0 }}
    >
      {t('guards.lists.remove')}
    </Button>
  );
  if (stacked) {
    return (
      <Stack gap="xs" component="section" aria-labelledby={id}>
        <Title order={3} id={id}>
          {title}
        </Title>
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby={id}
        >
          {items.map((item, index) => (
            <Paper component="li" withBorder p="xs" key={keyOf(item)}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Box
                  component="dl"
                  m={0}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 'var(--mantine-spacing-xs)',
                  }}
                >
                  {columns.map((c) => (
                    <Fragment key={c.id}>
                      <Text component="dt" size="sm" c="gray.7">
                        {c.header}
                      </Text>
                      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                        {c.cell(item)}
                      </Text>
                    </Fragment>
                  ))}
                </Box>
                {removeButton(item, index)}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={320} scrollAreaProps={KEYBOARD_SCROLL}>
        <Table striped aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.id}>{c.header}</Table.Th>
              ))}
              <Table.Th w={90}>
                <VisuallyHidden>{t('guards.lists.remove')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={keyOf(item)}>
                {columns.map((c) => (
                  <Table.Td key={c.id} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.cell(item)}
                  </Table.Td>
                ))}
                <Table.Td>{removeButton(item, index)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** 'Names To Be Guarded': county and name, each with a remove button. */
export function NamesToBeGuarded({
  names,
  onRemove,
}: {
  names: readonly GuardName[];
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToBeGuarded
      id="names-to-be-guarded"
      title={t('guards.lists.names')}
      items={names}
      columns={[
        { id: 'county', header: t('guards.lists.county'), cell: (n) => n.county },
        { id: 'name', header: t('guards.lists.name'), cell: (n) => n.name },
      ]}
      keyOf={(n) => `${n.county}:${n.name}`}
      removeLabel={(n) => t('guards.lists.removeName', { name: n.name, county: n.county })}
      onRemove={onRemove}
    />
  );
}

/** 'Properties To Be Guarded': county, APN and address or 'Unknown'. */
export function PropertiesToBeGuarded({
  apns,
  onRemove,
}: {
  apns: readonly GuardApn[];
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToBeGuarded
      id="properties-to-be-guarded"
      title={t('guards.lists.properties')}
      items={apns}
      columns={[
        { id: 'county', header: t('guards.lists.county'), cell: (a) => a.county },
        { id: 'apn', header: t('guards.lists.apn'), cell: (a) => a.apn, nowrap: true },
        {
          id: 'address',
          header: t('guards.lists.address'),
          cell: (a) => addressOrUnknown(a.description, t),
        },
      ]}
      keyOf={(a) => `${a.county}:${a.apn}`}
      removeLabel={(a) => t('guards.lists.removeApn', { apn: a.apn, county: a.county })}
      onRemove={onRemove}
    />
  );
}
