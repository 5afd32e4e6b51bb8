import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { useState } from 'react';
import { countiesQueryOptions } from '../counties/counties-query';
import { CountySelect } from '../counties/county-select';
import { isApnGuarded, isNameGuarded } from '../guards/guard-items';
import { NamePicker } from '../guards/name-picker';
import { PropertyPicker } from '../guards/property-picker';
import type { GuardSelection, GuardSelectionAction } from './guard-selection';
import { hasUnsavedSelections, newSelectionCount } from './guard-selection';

export const DISCARD_TITLE = 'Discard Changes?';
export const DISCARD_TEXT =
  'You are about to exit this screen without guarding your selected items. Are you sure?';

const titleStyles = {
  title: { fontWeight: 900, fontSize: 'var(--mantine-h4-font-size)' },
} as const;

const titles = { name: 'Guard A name', apn: 'Guard A apn' } as const;

/**
 * The register page's 'Guard A name' / 'Guard A apn' modal (spec §2, §4): pick a county, then
 * names or properties; 'Guard Selected Items' commits them. Closing it with picks that are not
 * committed asks first.
 */
export function GuardModal({
  selection,
  dispatch,
}: {
  selection: GuardSelection;
  dispatch: Dispatch<GuardSelectionAction>;
}) {
  const { pending } = selection;
  // While the modal fades out, mode is already null: it keeps showing what it showed.
  const [lastMode, setLastMode] = useState(selection.mode);
  if (selection.mode !== null && selection.mode !== lastMode) setLastMode(selection.mode);
  const mode = selection.mode ?? lastMode;
  const [county, setCounty] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const counties = useQuery(countiesQueryOptions());
  const narrow = useMediaQuery('(max-width: 36em)');
  const selectedCounty = counties.data?.find((c) => c.name === county) ?? null;
  const added = newSelectionCount(selection);

  const requestClose = () => {
    if (hasUnsavedSelections(selection)) setConfirming(true);
    else dispatch({ type: 'discard' });
  };
  const discard = () => {
    setConfirming(false);
    dispatch({ type: 'discard' });
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="guard"
        opened={selection.mode !== null}
        onClose={requestClose}
        title={mode ? titles[mode] : ''}
        size="lg"
        fullScreen={narrow === true}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={titleStyles}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Step 1: Select a County
            </Title>
            <CountySelect
              counties={counties.data ?? []}
              loading={counties.isPending}
              value={county}
              onChange={setCounty}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {mode === 'name' ? 'Step 2: Search for a Name' : 'Step 2: Search for a Property'}
            </Title>
            {mode === 'name' && (
              <NamePicker
                key={county ?? ''}
                county={county}
                isGuarded={(item) => isNameGuarded(pending.names, item)}
                onGuard={(item) => dispatch({ type: 'addName', item })}
              />
            )}
            {mode === 'apn' && (
              <PropertyPicker
                key={county ?? ''}
                county={selectedCounty}
                isGuarded={(item) => isApnGuarded(pending.apns, item)}
                onGuard={(item) => dispatch({ type: 'addApn', item })}
              />
            )}
          </Stack>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {added > 0 ? `${added} selected` : 'Nothing selected yet'}
            </Text>
            <Button onClick={() => dispatch({ type: 'commit' })}>Guard Selected Items</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        stackId="discard"
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={DISCARD_TITLE}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={titleStyles}
      >
        <Stack>
          <Text>{DISCARD_TEXT}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Keep Adding
            </Button>
            <Button color="red" onClick={discard}>
              Discard Changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal.Stack>
  );
}
