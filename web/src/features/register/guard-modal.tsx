import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useFocusReturn, useMediaQuery } from '@mantine/hooks';
import type { Dispatch } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../components/back-closes';
import { DiscardChangesModal, modalTitleStyles } from '../guards/discard-changes-modal';
import { isApnGuarded, isNameGuarded } from '../guards/guard-items';
import { GuardSteps } from '../guards/guard-steps';
import type { GuardSelection, GuardSelectionAction } from './guard-selection';
import { hasUnsavedSelections, newSelectionCount } from './guard-selection';

const titles = { name: 'guards.modal.nameTitle', apn: 'guards.modal.apnTitle' } as const;

/**
 * The register page's 'Guard A name' / 'Guard A apn' modal: pick a county, then
 * names or properties; a pick shows Guarded at once, and 'Guard Selected Items' commits them.
 * Closing it with picks that are not committed asks first, and so does Back.
 */
export function GuardModal({
  selection,
  dispatch,
}: {
  selection: GuardSelection;
  dispatch: Dispatch<GuardSelectionAction>;
}) {
  const { t } = useTranslation();
  const { pending } = selection;
  // While the modal fades out, mode is already null: it keeps showing what it showed.
  const [lastMode, setLastMode] = useState(selection.mode);
  if (selection.mode !== null && selection.mode !== lastMode) setLastMode(selection.mode);
  const mode = selection.mode ?? lastMode;
  const [county, setCounty] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const narrow = useMediaQuery('(max-width: 36em)');
  const added = newSelectionCount(selection);
  // Inside a Modal.Stack the modal stops trapping focus as it closes, so its own return of focus
  // never runs: the button that opened it gets focus back from here.
  useFocusReturn({ opened: selection.mode !== null });

  const requestClose = () => {
    if (hasUnsavedSelections(selection)) setConfirming(true);
    else dispatch({ type: 'discard' });
  };
  const discard = () => {
    setConfirming(false);
    dispatch({ type: 'discard' });
  };
  useBackCloses(selection.mode !== null, requestClose);

  return (
    <Modal.Stack>
      <Modal
        stackId="guard"
        opened={selection.mode !== null}
        onClose={requestClose}
        title={mode ? t(titles[mode]) : ''}
        size="lg"
        fullScreen={narrow === true}
        closeButtonProps={{ 'aria-label': t('common.actions.close') }}
        styles={modalTitleStyles}
      >
        <Stack gap="lg">
          {mode && (
            <GuardSteps
              kind={mode}
              county={county}
              onCountyChange={setCounty}
              names={{
                stateOf: (item) => (isNameGuarded(pending.names, item) ? 'guarded' : 'guard'),
                onGuard: (item) => dispatch({ type: 'addName', item }),
              }}
              apns={{
                stateOf: (item) => (isApnGuarded(pending.apns, item) ? 'guarded' : 'guard'),
                onGuard: (item) => dispatch({ type: 'addApn', item }),
              }}
            />
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {added > 0
                ? t('guards.modal.selected', { count: added })
                : t('guards.modal.nothingSelected')}
            </Text>
            <Button onClick={() => dispatch({ type: 'commit' })}>{t('guards.modal.commit')}</Button>
          </Group>
        </Stack>
      </Modal>
      <DiscardChangesModal
        opened={confirming}
        onKeepAdding={() => setConfirming(false)}
        onDiscard={discard}
      />
    </Modal.Stack>
  );
}
