import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A yes-or-no question in a modal; the confirm button shows the call's progress. A confirm runs
 * once however fast it is tapped: `loading` arrives a render after the first tap, too late to
 * stop a second, so the first tap is remembered at once. The dialog takes a confirm again when it
 * opens again, or when the call has ended with the dialog still open (to try again).
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  loading = false,
  confirmColor,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  loading?: boolean;
  /** The confirm button's colour, red for what cannot be undone; the theme's by default. */
  confirmColor?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirmed = useRef(false);
  useEffect(() => {
    if (opened && !loading) confirmed.current = false;
  }, [opened, loading]);
  const confirm = () => {
    if (confirmed.current || loading) return;
    confirmed.current = true;
    onConfirm();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel ?? t('common.actions.cancel')}
          </Button>
          <Button color={confirmColor} onClick={confirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
