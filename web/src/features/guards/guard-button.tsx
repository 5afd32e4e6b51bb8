import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a search result stands: `guard` can be picked; `selected` is picked but not
 * saved yet (the dashboard saves picks in one call); `saving` while that call runs; `guarded`
 * once guarded in that county, which cannot be picked again.
 */
export type GuardState = 'guard' | 'selected' | 'saving' | 'guarded';

/** The green of Guarded, kept on a disabled button, which Mantine would otherwise grey out. */
const GUARDED_STYLE = {
  backgroundColor: 'var(--mantine-color-green-light)',
  color: 'var(--mantine-color-green-light-color)',
} as const;

/**
 * A search result's action: Guard, Selected (pressing it unpicks), loading, or a green Guarded
 * that cannot be pressed. `label` names the item for screen readers.
 */
export function GuardButton({
  label,
  state,
  onGuard,
  onUnselect,
}: {
  label: string;
  state: GuardState;
  onGuard: () => void;
  onUnselect?: () => void;
}) {
  const { t } = useTranslation();
  switch (state) {
    case 'guarded':
      return (
        <Button
          size="xs"
          disabled
          aria-label={t('guards.button.guardedItem', { item: label })}
          style={GUARDED_STYLE}
        >
          {t('guards.button.guarded')}
        </Button>
      );
    case 'saving':
      return <Button size="xs" loading aria-label={t('guards.button.guarding', { item: label })} />;
    case 'selected':
      return (
        <Button
          size="xs"
          variant="light"
          onClick={onUnselect}
          aria-label={t('guards.button.unselectItem', { item: label })}
        >
          {t('guards.button.selected')}
        </Button>
      );
    case 'guard':
      return (
        <Button
          size="xs"
          onClick={onGuard}
          aria-label={t('guards.button.guardItem', { item: label })}
        >
          {t('guards.button.guard')}
        </Button>
      );
  }
}

/** What a page does with the picker's results: how each stands, and what pressing it does. */
export interface PickHandlers<T> {
  stateOf: (item: T) => GuardState;
  onGuard: (item: T) => void;
  /** For pages whose picks can be undone before they are saved. */
  onUnselect?: (item: T) => void;
}

/** A picker's GuardButton for `item`, which `label` names. */
export function PickButton<T>({
  item,
  label,
  stateOf,
  onGuard,
  onUnselect,
}: { item: T; label: string } & PickHandlers<T>) {
  return (
    <GuardButton
      label={label}
      state={stateOf(item)}
      onGuard={() => onGuard(item)}
      onUnselect={onUnselect && (() => onUnselect(item))}
    />
  );
}
