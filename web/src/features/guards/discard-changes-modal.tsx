import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <Modal
      stackId="discard"
      opened={opened}
      onClose={onKeepAdding}
      title={t('guards.discard.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      styles={modalTitleStyles}
    >
      <Stack>
        <Text>{t('guards.discard.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeepAdding} data-autofocus>
            {t('guards.discard.keepAdding')}
          </Button>
          <Button color="red" onClick={onDiscard}>
            {t('guards.discard.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
