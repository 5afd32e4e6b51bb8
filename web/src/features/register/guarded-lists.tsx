import { Button, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GuardApn, GuardName } from '../guards/guard-items';
import { addressOrUnknown } from '../guards/guard-items';

type Column<T> = { header: string; cell: (item: T) => ReactNode; nowrap?: boolean };

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
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
              <Table.Th w={90}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={keyOf(item)}>
                {columns.map((c) => (
                  <Table.Td key={c.header} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
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
                    Remove
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
  return (
    <ToBeGuarded
      id="names-to-be-guarded"
      title="Names To Be Guarded"
      items={names}
      columns={[
        { header: 'County', cell: (n) => n.county },
        { header: 'Name', cell: (n) => n.name },
      ]}
      keyOf={(n) => `${n.county}:${n.name}`}
      removeLabel={(n) => `Remove ${n.name} (${n.county})`}
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
  return (
    <ToBeGuarded
      id="properties-to-be-guarded"
      title="Properties To Be Guarded"
      items={apns}
      columns={[
        { header: 'County', cell: (a) => a.county },
        { header: 'APN', cell: (a) => a.apn, nowrap: true },
        { header: 'Address', cell: (a) => addressOrUnknown(a.description) },
      ]}
      keyOf={(a) => `${a.county}:${a.apn}`}
      removeLabel={(a) => `Remove APN ${a.apn} (${a.county})`}
      onRemove={onRemove}
    />
  );
}
