import { Button } from '@mantine/core';

/**
 * A search result's action (spec §4): Guard, or a green Guarded that cannot be pressed once the
 * item is guarded in that county. `label` names the item for screen readers.
 */
export function GuardButton({
  label,
  guarded,
  onGuard,
}: {
  label: string;
  guarded: boolean;
  onGuard: () => void;
}) {
  if (guarded) {
    return (
      <Button
        size="xs"
        disabled
        aria-label={`Guarded: ${label}`}
        // Disabled buttons are grey in Mantine; Guarded stays green (spec §4).
        style={{
          backgroundColor: 'var(--mantine-color-green-light)',
          color: 'var(--mantine-color-green-light-color)',
        }}
      >
        Guarded
      </Button>
    );
  }
  return (
    <Button size="xs" onClick={onGuard} aria-label={`Guard ${label}`}>
      Guard
    </Button>
  );
}
