import { Button, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { GuardApn, GuardName } from '../guards/guard-items';
import { addressOrUnknown } from '../guards/guard-items';

function RemoveButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={label}>
      Remove
    </Button>
  );
}

/** 'Names To Be Guarded' (spec §2): county and name, each with a remove button. */
export function NamesToBeGuarded({
  names,
  onRemove,
}: {
  names: readonly GuardName[];
  onRemove: (index: number) => void;
}) {
  if (names.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="names-to-be-guarded">
      <Title order={3} id="names-to-be-guarded">
        Names To Be Guarded
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-labelledby="names-to-be-guarded">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>County</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {names.map((item, index) => (
              <Table.Tr key={`${item.county}:${item.name}`}>
                <Table.Td>{item.county}</Table.Td>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>
                  <RemoveButton
                    label={`Remove ${item.name} (${item.county})`}
                    onRemove={() => onRemove(index)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** 'Properties To Be Guarded' (spec §2): county, APN and address or 'Unknown'. */
export function PropertiesToBeGuarded({
  apns,
  onRemove,
}: {
  apns: readonly GuardApn[];
  onRemove: (index: number) => void;
}) {
  if (apns.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="properties-to-be-guarded">
      <Title order={3} id="properties-to-be-guarded">
        Properties To Be Guarded
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-labelledby="properties-to-be-guarded">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>County</Table.Th>
              <Table.Th>APN</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apns.map((item, index) => (
              <Table.Tr key={`${item.county}:${item.apn}`}>
                <Table.Td>{item.county}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.apn}</Table.Td>
                <Table.Td>{addressOrUnknown(item.description)}</Table.Td>
                <Table.Td>
                  <RemoveButton
                    label={`Remove APN ${item.apn} (${item.county})`}
                    onRemove={() => onRemove(index)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
