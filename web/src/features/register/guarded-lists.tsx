import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Button, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** A register-page list of picked items: a heading, a table and a remove button per row. */
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
  if (items.length === 0) return null;
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
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => onRemove(index)}
                    aria-label={removeLabel(item)}
                  >
                    {t('guards.lists.remove')}
                  </Button>
                </Table.Td>
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
