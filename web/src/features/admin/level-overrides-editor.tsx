import { KEYBOARD_SCROLL } from '../../components/scroll';
import {
  LEVEL_LABELS,
  LEVEL_SUBJECT_LABELS,
  LEVEL_SUBJECTS,
  LEVELS,
  MAX_LEVEL_OVERRIDES,
} from '@deedwatch/rules';
import {
  Button,
  Collapse,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { levelDefaultsQuery } from '../../api/queries';
import type { CountyFormValues } from './county-form';
import { NotLoaded } from './load-states';

const SUBJECT_OPTIONS = LEVEL_SUBJECTS.map((value) => ({
  value,
  label: LEVEL_SUBJECT_LABELS[value],
}));
const LEVEL_OPTIONS = LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] }));

/** The default level table, grouped by document type: what the county's rows override. */
function DefaultLevels() {
  const defaults = useQuery(levelDefaultsQuery());
  if (!defaults.isSuccess)
    return (
      <NotLoaded
        query={defaults}
        loadingLabel="Loading the default levels"
        failedTitle="Default levels not loaded"
        failedMessage="The default level table could not be loaded."
      />
    );
  const types = new Map<string, Partial<Record<(typeof LEVEL_SUBJECTS)[number], string>>>();
  for (const row of defaults.data) {
    types.set(row.documentType, {
      ...types.get(row.documentType),
      [row.subject]: LEVEL_LABELS[row.level],
    });
  }
  return (
    <Table.ScrollContainer minWidth={480} scrollAreaProps={KEYBOARD_SCROLL}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document Type</Table.Th>
            {LEVEL_SUBJECTS.map((subject) => (
              <Table.Th key={subject}>{LEVEL_SUBJECT_LABELS[subject]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...types].map(([type, levels]) => (
            <Table.Tr key={type}>
              <Table.Td>{type}</Table.Td>
              {LEVEL_SUBJECTS.map((subject) => (
                <Table.Td key={subject}>{levels[subject]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A county's own rows of the level table: a document type (as the county's index writes it),
 * whom the row is about, and its level. Saving recomputes the county's events of the types whose
 * rows changed.
 */
export function LevelOverridesEditor({ form }: { form: UseFormReturnType<CountyFormValues> }) {
  const [showDefaults, defaults] = useDisclosure(false);
  const rows = form.values.levelOverrides;
  const listError = form.errors.levelOverrides;
  return (
    <Stack gap="xs" component="section" aria-labelledby="levels-heading">
      <Title order={3} size="h5" id="levels-heading">
        Risk Levels
      </Title>
      <Text size="sm" c="dimmed">
        Each event gets a level from its document type and whom it names: the default table, unless
        a row here says otherwise for this county. A type in neither is Check. Saving recomputes the
        level of this county&apos;s events of the types you change.
      </Text>
      {rows.map((row, index) => (
        <Group key={form.key(`levelOverrides.${index}`)} align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            style={{ flex: '2 1 12rem' }}
            label="Document Type"
            {...form.getInputProps(`levelOverrides.${index}.documentType`)}
            value={row.documentType}
          />
          <Select
            style={{ flex: '1 1 10rem' }}
            label="About"
            allowDeselect={false}
            data={SUBJECT_OPTIONS}
            {...form.getInputProps(`levelOverrides.${index}.subject`)}
          />
          <Select
            style={{ flex: '1 1 9rem' }}
            label="Level"
            allowDeselect={false}
            data={LEVEL_OPTIONS}
            {...form.getInputProps(`levelOverrides.${index}.level`)}
          />
          <Button
            mt={24}
            variant="default"
            onClick={() => form.removeListItem('levelOverrides', index)}
            aria-label={`Remove the level row of ${row.documentType || 'a new document type'}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      {typeof listError === 'string' && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          disabled={rows.length >= MAX_LEVEL_OVERRIDES}
          onClick={() =>
            form.insertListItem('levelOverrides', {
              documentType: '',
              subject: 'grantor',
              level: 'act_now',
            })
          }
        >
          Add Level Row
        </Button>
        <Button variant="subtle" size="xs" onClick={defaults.toggle} aria-expanded={showDefaults}>
          {showDefaults ? 'Hide Default Levels' : 'Show Default Levels'}
        </Button>
      </Group>
      <Collapse expanded={showDefaults}>{showDefaults && <DefaultLevels />}</Collapse>
    </Stack>
  );
}
