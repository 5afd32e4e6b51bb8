import { Button, Group } from '@mantine/core';

/**
 * The closing row of a form in a modal: Cancel (held while the call runs), and the submit button
 * that shows the call's progress.
 */
export function FormActions({
  cancelLabel,
  submitLabel,
  pending,
  submitDisabled,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
