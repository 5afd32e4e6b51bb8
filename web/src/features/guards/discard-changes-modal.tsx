import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const DISCARD_TITLE = 'Discard Changes?';
export const DISCARD_TEXT =
  'You are about to exit this screen without guarding your selected items. Are you sure?';

/** Modal titles as headings: weight 900. */
export const modalTitleStyles = {
  title: { fontWeight: 900, fontSize: 'var(--mantine-h4-font-size)' },
} as const;

/**
 * Asked when a guard modal is closed with picks that were not guarded. Goes in the
 * guard modal's `Modal.Stack`, above it.
 */
export function DiscardChangesModal({
  opened,
  onKeepAdding,
  onDiscard,
}: {
  opened: boolean;
  onKeepAdding: () => void;
  onDiscard: () => void;
}) {
  return (
    <Modal
      stackId="discard"
      opened={opened}
      onClose={onKeepAdding}
      title={DISCARD_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={modalTitleStyles}
    >
      <Stack>
        <Text>{DISCARD_TEXT}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeepAdding} data-autofocus>
            Keep Adding
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard Changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
