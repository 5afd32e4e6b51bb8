import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, genericErrorMessage, quiet } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { Section, sectionHeading } from '../../components/section';
import { ConfirmModal } from '../../components/confirm-modal';
import type { GuardKind } from '../guards/guard-items';
import { showErrorToast } from '../notifications/show-error-toast';
import { REMOVE_GUARD_FAILED } from './guard-messages';
import { GuardModal } from './guard-modal';
import { PossibleMatchesChoice } from './possible-matches-choice';
import { useUserAction } from './use-user-action';

type Removal = { kind: GuardKind; id: string; label: string; county: string };

/**
 * Removes a guarded item and answers the session user. An item already gone (removed in another
 * tab) is what was asked: no error, and the lists are read again. Any other refusal is told in
 * the server's words (never its 404's, which name the item by its id).
 */
async function removeGuard(r: Removal) {
  const answer = await api.POST('/api/user/subscriptions/remove', {
    body: {
      guardRecordSubscriptionType: r.kind === 'name' ? 'Name' : 'Apn',
      guardSubscriptionId: r.id,
    },
    middleware: [quiet],
  });
  if (answer.response.status === 404) return api.POST('/api/auth/me');
  if (answer.error) showErrorToast(answer.error.message || genericErrorMessage());
  return answer;
}

function ItemRow({
  title,
  detail,
  county,
  onRemove,
  children,
}: {
  title: string;
  detail?: string;
  county: string;
  onRemove: () => void;
  /** Settings of the item, under it. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm" aria-label={title}>
      {/* The name wraps; the button keeps its whole label, however long the name. */}
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {detail !== undefined && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {county}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          onClick={onRemove}
          aria-label={t('dashboard.guarded.removeLabel', { item: title })}
        >
          {t('dashboard.guarded.remove')}
        </Button>
      </Group>
      {children}
    </Paper>
  );
}

function ItemList({ children, empty }: { children: ReactNode[]; empty: string }) {
  if (children.length === 0) return <Text c="gray.7">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

export function GuardedItemsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  // The kind outlives `guardOpened`, so a closing modal keeps its title during the transition.
  const [guardKind, setGuardKind] = useState<GuardKind>('name');
  const [guardOpened, setGuardOpened] = useState(false);
  const guard = (kind: GuardKind) => {
    setGuardKind(kind);
    setGuardOpened(true);
  };
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [confirming, setConfirming] = useState(false);

  const remove = useUserAction(removeGuard, (r) => t(REMOVE_GUARD_FAILED[r.kind]));
  const askRemove = (r: Removal) => {
    setRemoval(r);
    setConfirming(true);
  };
  const close = () => setConfirming(false);
  const focusWhenReady = useFocusWhenReady();

  return (
    <Section
      id="guarded-heading"
      title={t('dashboard.guarded.title')}
      actions={
        <Group gap="xs">
          <Button size="xs" onClick={() => guard('name')}>
            {t('dashboard.guarded.guardName')}
          </Button>
          <Button size="xs" onClick={() => guard('apn')}>
            {t('dashboard.guarded.guardProperty')}
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('dashboard.guarded.names')}
          </Title>
          <ItemList empty={t('dashboard.guarded.noNames')}>
            {user.nameSubscriptions.map((s) => (
              <ItemRow
                key={s.id}
                title={s.name}
                county={s.county}
                onRemove={() =>
                  askRemove({ kind: 'name', id: s.id, label: s.name, county: s.county })
                }
              >
                <PossibleMatchesChoice subscription={s} />
              </ItemRow>
            ))}
          </ItemList>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('dashboard.guarded.properties')}
          </Title>
          <ItemList empty={t('dashboard.guarded.noProperties')}>
            {user.apnSubscriptions.map((s) => (
              <ItemRow
                key={s.id}
                title={t('dashboard.guarded.apn', { apn: s.apn })}
                detail={
                  s.description.trim() === '' ? t('dashboard.match.unknownAddress') : s.description
                }
                county={s.county}
                onRemove={() =>
                  askRemove({
                    kind: 'apn',
                    id: s.id,
                    label: t('dashboard.guarded.apn', { apn: s.apn }),
                    county: s.county,
                  })
                }
              />
            ))}
          </ItemList>
        </Stack>
      </SimpleGrid>
      <GuardModal
        kind={guardKind}
        user={user}
        opened={guardOpened}
        onClose={() => setGuardOpened(false)}
      />
      <ConfirmModal
        opened={confirming}
        title={t('dashboard.guarded.removeTitle')}
        confirmLabel={t('dashboard.guarded.remove')}
        loading={remove.isPending}
        onConfirm={() =>
          removal &&
          remove.mutate(removal, {
            onSettled: close,
            // The removed item takes its Remove button, where the dialog would return focus.
            onSuccess: () => focusWhenReady(() => sectionHeading('guarded-heading')),
          })
        }
        onClose={close}
      >
        <Text>
          {t('dashboard.guarded.removeQuestion', {
            item: removal?.label,
            county: removal?.county,
          })}
        </Text>
      </ConfirmModal>
    </Section>
  );
}
