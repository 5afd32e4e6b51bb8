import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { $api, api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { formatApnInput, isCompleteApn, nameKey } from './apn-mask';
import {
  addGuardFailed,
  addressOrUnknown,
  type GuardKind,
  guardedKeys,
  itemKey,
  type PendingItem,
} from './guard-items';
import { type ParcelSearchBy, useNameSearch, useParcelSearch } from './guard-search';
import type { CountyConfig } from './types';
import { useUserAction } from './use-user-action';

/** How many recorded documents make a name common enough to bring alerts about namesakes. */
export const COMMON_NAME_DOCUMENTS = 25;
const RESULTS_MAX_HEIGHT = 250;

export const DISCARD_TITLE = 'Discard Changes?';
export const DISCARD_MESSAGE =
  'You are about to exit this screen without guarding your selected items. Are you sure?';

type ItemState = 'idle' | 'selected' | 'saving' | 'guarded';

/** Guard, then (selected, saving) loading, then Guarded in green (spec §4). */
function ItemButton({
  state,
  label,
  onToggle,
}: {
  state: ItemState;
  label: string;
  onToggle: () => void;
}) {
  if (state === 'guarded') {
    return (
      <Button size="xs" color="green" aria-disabled="true" aria-label={`${label} is guarded`}>
        Guarded
      </Button>
    );
  }
  if (state === 'saving') {
    return <Button size="xs" loading aria-label={`Guarding ${label}`} />;
  }
  return state === 'selected' ? (
    <Button size="xs" variant="light" onClick={onToggle} aria-label={`Unselect ${label}`}>
      Selected
    </Button>
  ) : (
    <Button size="xs" variant="outline" onClick={onToggle} aria-label={`Guard ${label}`}>
      Guard
    </Button>
  );
}

type PickerProps = {
  county: CountyConfig;
  stateOf: (item: PendingItem) => ItemState;
  onToggle: (item: PendingItem) => void;
};

function Results({ children, empty }: { children: ReactNode; empty: boolean }) {
  if (empty) return null;
  return (
    <ScrollArea.Autosize mah={RESULTS_MAX_HEIGHT} type="auto">
      <Table verticalSpacing={6}>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function SearchStatus({
  searching,
  settled,
  failed,
  found,
  nothingFound,
}: {
  searching: boolean;
  settled: boolean;
  failed: boolean;
  found: number;
  nothingFound: string;
}) {
  if (searching) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Searching…</Text>
      </Group>
    );
  }
  if (failed)
    return (
      <Text size="sm" c="red">
        The search failed. Please try again.
      </Text>
    );
  if (settled && found === 0)
    return (
      <Text size="sm" c="dimmed">
        {nothingFound}
      </Text>
    );
  return null;
}

function NamePicker({ county, stateOf, onToggle }: PickerProps) {
  const [term, setTerm] = useState('');
  const search = useNameSearch(county.name, term);
  const typed = nameKey(term);
  const offerTyped = typed.length > 0 && !search.results.some((r) => nameKey(r.name) === typed);
  const rows: { name: string; documentCount?: number }[] = [
    ...(offerTyped ? [{ name: typed }] : []),
    ...search.results,
  ];
  return (
    <Stack gap="xs">
      <TextInput
        label="Name"
        description="A person as LAST FIRST MIDDLE, a business or a trust"
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value.toUpperCase())}
        data-autofocus
      />
      <SearchStatus
        {...search}
        found={search.results.length}
        nothingFound="No such name in the county's index yet. You can still guard it as entered."
      />
      <Results empty={rows.length === 0}>
        {rows.map((row, index) => {
          const item: PendingItem = { kind: 'name', county: county.name, name: row.name };
          const youEntered = offerTyped && index === 0;
          const common = (row.documentCount ?? 0) >= COMMON_NAME_DOCUMENTS;
          return (
            <Table.Tr key={`${youEntered ? 'typed' : 'found'}-${row.name}`}>
              <Table.Td>
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                {youEntered ? (
                  <Text size="xs" c="dimmed">
                    You Entered
                  </Text>
                ) : (
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      On {row.documentCount} recorded documents
                    </Text>
                    {common && (
                      <Badge size="xs" color="yellow" variant="light">
                        Common name: expect alerts about namesakes
                      </Badge>
                    )}
                  </Group>
                )}
              </Table.Td>
              <Table.Td ta="right" w={110}>
                <ItemButton
                  state={stateOf(item)}
                  label={row.name}
                  onToggle={() => onToggle(item)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Results>
    </Stack>
  );
}

function PropertyPicker({ county, stateOf, onToggle }: PickerProps) {
  const [by, setBy] = useState<ParcelSearchBy>('apn');
  const [term, setTerm] = useState('');
  const search = useParcelSearch(county.name, term, by);
  const offerTyped =
    by === 'apn' &&
    isCompleteApn(term, county.mask) &&
    !search.results.some((r) => formatApnInput(r.apn, county.mask) === term);
  const rows: { apn: string; description: string; youEntered: boolean }[] = [
    ...(offerTyped ? [{ apn: term, description: '', youEntered: true }] : []),
    ...search.results.map((r) => ({
      apn: r.apn,
      description: [r.address, r.cityStateZip].filter(Boolean).join(', '),
      youEntered: false,
    })),
  ];
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Search by"
        value={by}
        onChange={(value) => {
          setBy(value as ParcelSearchBy);
          setTerm('');
        }}
        data={[
          { value: 'apn', label: 'APN' },
          { value: 'address', label: 'Address' },
        ]}
      />
      {by === 'apn' ? (
        <TextInput
          label="APN"
          description={`For example ${county.format}`}
          placeholder={county.format}
          value={term}
          onChange={(e) => setTerm(formatApnInput(e.currentTarget.value, county.mask))}
          data-autofocus
        />
      ) : (
        <TextInput
          label="Address"
          description="House number and street"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
        />
      )}
      <SearchStatus
        {...search}
        found={search.results.length}
        nothingFound={
          by === 'apn'
            ? 'No parcel found. A complete APN can still be guarded as entered.'
            : 'No parcel found at that address.'
        }
      />
      <Results empty={rows.length === 0}>
        {rows.map((row) => {
          const item: PendingItem = {
            kind: 'apn',
            county: county.name,
            apn: row.apn,
            description: row.description,
          };
          return (
            <Table.Tr key={`${row.youEntered ? 'typed' : 'found'}-${row.apn}`}>
              <Table.Td>
                <Text fw={700} size="sm">
                  {row.apn}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.youEntered ? 'You Entered' : addressOrUnknown(row.description)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" w={110}>
                <ItemButton state={stateOf(item)} label={row.apn} onToggle={() => onToggle(item)} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Results>
    </Stack>
  );
}

function saveCall(kind: GuardKind) {
  return (items: PendingItem[]) =>
    kind === 'name'
      ? api.POST('/api/user/subscriptions/names/list/add', {
          body: {
            guardNameSubscriptions: items.flatMap((i) =>
              i.kind === 'name' ? [{ county: i.county, name: i.name }] : [],
            ),
          },
        })
      : api.POST('/api/user/subscriptions/apns/list/add', {
          body: {
            guardApnSubscriptions: items.flatMap((i) =>
              i.kind === 'apn'
                ? [{ county: i.county, apn: i.apn, description: i.description }]
                : [],
            ),
          },
        });
}

export const guardModalTitle = (kind: GuardKind) =>
  kind === 'name' ? 'Guard A Name' : 'Guard A Property';

/**
 * The dashboard's guard flow (spec §2, §4): Step 1 a county, Step 2 a search; picked items are
 * pending until 'Guard Selected Items' saves them; closing with pending items asks first.
 */
export function GuardModal({
  kind,
  user,
  opened,
  onClose,
}: {
  kind: GuardKind;
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}) {
  const [countyName, setCountyName] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingItem[]>([]);
  const [discarding, setDiscarding] = useState(false);
  const counties = useQuery({
    ...$api.queryOptions('get', '/api/config'),
    enabled: opened,
    staleTime: 5 * 60_000,
  });
  const save = useUserAction(saveCall(kind), addGuardFailed(kind));

  const guarded = useMemo(() => guardedKeys(user, kind), [user, kind]);
  const pendingKeys = new Set(pending.map(itemKey));
  const stateOf = (item: PendingItem): ItemState => {
    const key = itemKey(item);
    if (guarded.has(key)) return 'guarded';
    if (!pendingKeys.has(key)) return 'idle';
    return save.isPending ? 'saving' : 'selected';
  };
  const toggle = (item: PendingItem) => {
    const key = itemKey(item);
    setPending((items) =>
      pendingKeys.has(key) ? items.filter((i) => itemKey(i) !== key) : [...items, item],
    );
  };

  const finish = () => {
    setDiscarding(false);
    setPending([]);
    setCountyName(null);
    save.reset();
    onClose();
  };
  const requestClose = () => {
    if (save.isPending) return;
    if (pending.length > 0) setDiscarding(true);
    else finish();
  };
  const guardSelected = () =>
    save.mutate(pending, {
      onSuccess: () => setPending([]),
    });

  const county = counties.data?.find((c) => c.name === countyName) ?? null;
  const itemLabel = kind === 'name' ? 'Name' : 'Property';

  return (
    <Modal.Stack>
      <Modal
        stackId="guard"
        opened={opened}
        onClose={requestClose}
        title={guardModalTitle(kind)}
        size="lg"
        centered
      >
        <Stack>
          <Stack gap="xs">
            <Text fw={700}>Step 1: Select a County</Text>
            {counties.isError ? (
              <Alert color="red" title="Counties not loaded">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">The list of counties could not be loaded.</Text>
                  <Button size="xs" variant="default" onClick={() => void counties.refetch()}>
                    Try Again
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <Select
                label="County"
                placeholder={counties.isPending ? 'Loading counties…' : 'Select a county'}
                disabled={counties.isPending}
                data={(counties.data ?? []).map((c) => c.name)}
                value={countyName}
                onChange={setCountyName}
                allowDeselect={false}
                searchable
                nothingFoundMessage="No such county"
                rightSection={counties.isPending ? <Loader size="xs" /> : undefined}
              />
            )}
            {counties.isSuccess && counties.data.length === 0 && (
              <Text size="sm" c="dimmed">
                No counties are available right now.
              </Text>
            )}
          </Stack>
          {county && (
            <Stack gap="xs">
              <Text fw={700}>Step 2: Search for a {itemLabel}</Text>
              {kind === 'name' ? (
                <NamePicker key={county.name} county={county} stateOf={stateOf} onToggle={toggle} />
              ) : (
                <PropertyPicker
                  key={county.name}
                  county={county}
                  stateOf={stateOf}
                  onToggle={toggle}
                />
              )}
            </Stack>
          )}
          {pending.length > 0 && (
            <Text size="sm" aria-live="polite">
              Selected: {pending.map((i) => (i.kind === 'name' ? i.name : i.apn)).join('; ')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose} disabled={save.isPending}>
              Close
            </Button>
            <Button
              onClick={guardSelected}
              loading={save.isPending}
              disabled={pending.length === 0}
            >
              Guard Selected Items
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        stackId="discard"
        opened={discarding}
        onClose={() => setDiscarding(false)}
        title={DISCARD_TITLE}
        centered
      >
        <Stack>
          <Text>{DISCARD_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(false)} data-autofocus>
              Keep Adding
            </Button>
            <Button color="red" onClick={finish}>
              Discard Changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal.Stack>
  );
}
