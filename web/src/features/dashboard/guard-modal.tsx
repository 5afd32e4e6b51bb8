import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useBackCloses } from '../../components/back-closes';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import type { SessionUser } from '../../api/types';
import { DiscardChangesModal, modalTitleStyles } from '../guards/discard-changes-modal';
import type { GuardState } from '../guards/guard-button';
import type { GuardApn, GuardKind, GuardName } from '../guards/guard-items';
import { isApnGuarded, isNameGuarded } from '../guards/guard-items';
import { GuardSteps } from '../guards/guard-steps';
import { ADD_GUARD_FAILED } from './guard-messages';
import { useUserAction } from './use-user-action';

/** Picks not saved yet, of the modal's kind. */
interface Picks {
  names: GuardName[];
  apns: GuardApn[];
}

const noPicks: Picks = { names: [], apns: [] };

function saveCall(kind: GuardKind) {
  return (picks: Picks) =>
    kind === 'name'
      ? api.POST('/api/user/subscriptions/names/list/add', {
          body: {
            guardNameSubscriptions: picks.names.map(({ county, name }) => ({ county, name })),
          },
        })
      : api.POST('/api/user/subscriptions/apns/list/add', {
          body: { guardApnSubscriptions: picks.apns },
        });
}

const MODAL_TITLE = {
  name: 'dashboard.guarded.modalName',
  apn: 'dashboard.guarded.modalProperty',
} as const satisfies Record<GuardKind, string>;

/**
 * The dashboard's guard flow: Step 1 a county, Step 2 a search; picked items are
 * pending until 'Guard Selected Items' saves them, their buttons loading meanwhile and a green
 * Guarded after; closing with pending items asks first.
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
  const { t } = useTranslation();
  const [county, setCounty] = useState<string | null>(null);
  const [picks, setPicks] = useState<Picks>(noPicks);
  const [discarding, setDiscarding] = useState(false);
  const save = useUserAction(saveCall(kind), t(ADD_GUARD_FAILED[kind]));
  const picked = kind === 'name' ? picks.names : picks.apns;
  // Inside a Modal.Stack the modal stops trapping focus as it closes, so its own return of focus
  // never runs: the button that opened it gets focus back from here.
  useFocusReturn({ opened });

  const stateOf = (guarded: boolean, pending: boolean): GuardState => {
    if (guarded) return 'guarded';
    if (!pending) return 'guard';
    return save.isPending ? 'saving' : 'selected';
  };

  const finish = () => {
    setDiscarding(false);
    setPicks(noPicks);
    setCounty(null);
    save.reset();
    onClose();
  };
  const requestClose = () => {
    if (save.isPending) return;
    if (picked.length > 0) setDiscarding(true);
    else finish();
  };
  useBackCloses(opened, requestClose);
  // Saving turns both buttons disabled, and after it nothing is left to guard: focus stays in the
  // dialog (on the dialog itself while it saves), then goes to Close, or back to Guard Selected
  // Items when saving failed.
  const closeButton = useRef<HTMLButtonElement>(null);
  const guardButton = useRef<HTMLButtonElement>(null);
  const focusWhenReady = useFocusWhenReady();
  const guardSelected = () => {
    guardButton.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
    save.mutate(picks, {
      onSuccess: () => {
        setPicks(noPicks);
        focusWhenReady(() => closeButton.current);
      },
      onError: () => focusWhenReady(() => guardButton.current),
    });
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="guard"
        opened={opened}
        onClose={requestClose}
        title={t(MODAL_TITLE[kind])}
        size="lg"
        centered
        styles={modalTitleStyles}
      >
        <Stack gap="lg">
          <GuardSteps
            kind={kind}
            county={county}
            onCountyChange={setCounty}
            names={{
              stateOf: (item) =>
                stateOf(
                  isNameGuarded(user.nameSubscriptions, item),
                  isNameGuarded(picks.names, item),
                ),
              onGuard: (item) => setPicks((p) => ({ ...p, names: [...p.names, item] })),
              onUnselect: (item) =>
                setPicks((p) => ({
                  ...p,
                  names: p.names.filter((n) => !isNameGuarded([item], n)),
                })),
            }}
            apns={{
              stateOf: (item) =>
                stateOf(isApnGuarded(user.apnSubscriptions, item), isApnGuarded(picks.apns, item)),
              onGuard: (item) => setPicks((p) => ({ ...p, apns: [...p.apns, item] })),
              onUnselect: (item) =>
                setPicks((p) => ({ ...p, apns: p.apns.filter((a) => !isApnGuarded([item], a)) })),
            }}
          />
          {picked.length > 0 && (
            <Text size="sm" aria-live="polite">
              {t('dashboard.guarded.selected', {
                items:
                  kind === 'name'
                    ? picks.names.map((n) => n.name).join('; ')
                    : picks.apns.map((a) => a.apn).join('; '),
              })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              ref={closeButton}
              onClick={requestClose}
              disabled={save.isPending}
            >
              {t('dashboard.guarded.close')}
            </Button>
            <Button
              ref={guardButton}
              onClick={guardSelected}
              loading={save.isPending}
              disabled={picked.length === 0}
            >
              {t('dashboard.guarded.guardSelected')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DiscardChangesModal
        opened={discarding}
        onKeepAdding={() => setDiscarding(false)}
        onDiscard={finish}
      />
    </Modal.Stack>
  );
}
