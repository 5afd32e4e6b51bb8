import { MAX_NOTIFICATION_METHODS } from '@deedwatch/rules';
import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { Section, sectionHeading } from '../../components/section';
import { AddMethodModal } from './add-method-modal';
import { ConfirmModal } from '../../components/confirm-modal';
import { formatDate } from './format';
import type { NotificationMethod } from './types';
import { useUserAction } from './use-user-action';

const REMOVE_FAILED = {
  Email: 'dashboard.methods.removeEmailFailed',
  SMS: 'dashboard.methods.removeSmsFailed',
} as const satisfies Record<NotificationMethod['notificationMethodType'], string>;

type Target = { action: 'remove' | 'resend'; method: NotificationMethod };

/** The account's own email cannot be removed. */
const isAccountEmail = (user: SessionUser, method: NotificationMethod) =>
  method.notificationMethodType === 'Email' &&
  method.email.toLowerCase() === user.email.toLowerCase();

export function NotificationMethodsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [adding, addModal] = useDisclosure(false);
  // The target outlives `opened`, so a closing modal keeps its text during the transition.
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (next: Target) => {
    setTarget(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const focusWhenReady = useFocusWhenReady();
  const removing = target?.action === 'remove';

  const remove = useUserAction(
    (method: NotificationMethod) =>
      api.POST('/api/user/notifications/remove', {
        body: {
          notificationMethodId: method.id,
          notificationMethodType: method.notificationMethodType,
        },
      }),
    (method) => t(REMOVE_FAILED[method.notificationMethodType]),
  );
  const resend = useUserAction(
    (method: NotificationMethod) =>
      api.POST('/api/user/notifications/verify/resend', {
        body: { notificationMethodId: method.id },
      }),
    t('dashboard.methods.resendFailed'),
  );
  const textLevels = useUserAction(
    ({ method, checkLevel }: { method: NotificationMethod; checkLevel: boolean }) =>
      api.POST('/api/user/notifications/texts', {
        body: { notificationMethodId: method.id, checkLevel },
      }),
    t('dashboard.methods.textLevelsFailed'),
  );
  const confirm = () => {
    if (!target) return;
    if (target.action === 'remove') {
      // The removed method takes its Remove button, where the dialog would return focus.
      remove.mutate(target.method, {
        onSettled: close,
        onSuccess: () => focusWhenReady(() => sectionHeading('methods-heading')),
      });
      return;
    }
    resend.mutate(target.method, {
      onSettled: close,
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: t('dashboard.methods.sentTitle'),
          message:
            target.method.notificationMethodType === 'SMS'
              ? t('dashboard.methods.sentText', { address: target.method.email })
              : t('dashboard.methods.sentLink', { address: target.method.email }),
        }),
    });
  };

  const methods = user.emailNotificationMethods;
  const full = methods.length >= MAX_NOTIFICATION_METHODS;
  // The server refuses to add a method, or to send a link to one, while staff impersonate.
  const impersonated = user.isImpersonated;
  const impersonatingHint = impersonated ? t('common.impersonating.unavailable') : undefined;
  return (
    <Section
      id="methods-heading"
      title={t('dashboard.methods.title')}
      actions={
        <Button
          size="xs"
          onClick={addModal.open}
          disabled={impersonated || full}
          title={
            impersonatingHint ??
            (full ? t('dashboard.methods.full', { max: MAX_NOTIFICATION_METHODS }) : undefined)
          }
        >
          {t('dashboard.methods.add')}
        </Button>
      }
    >
      {methods.length === 0 ? (
        <Text c="gray.7">{t('dashboard.methods.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {methods.map((method) => {
            const own = isAccountEmail(user, method);
            const sms = method.notificationMethodType === 'SMS';
            return (
              <Paper component="li" withBorder p="sm" key={method.id} aria-label={method.email}>
                <Group justify="space-between" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Badge variant="outline" color="gray.7">
                        {method.notificationMethodType === 'Email'
                          ? t('dashboard.methods.email')
                          : t('dashboard.methods.sms')}
                      </Badge>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {method.email}
                      </Text>
                    </Group>
                    {method.verified ? (
                      <Text size="sm" c="teal.9">
                        {method.verifiedAt
                          ? t('dashboard.methods.verifiedOn', {
                              date: formatDate(method.verifiedAt),
                            })
                          : t('dashboard.methods.verified')}
                      </Text>
                    ) : (
                      <Text size="sm" c="red.8">
                        {sms
                          ? t('dashboard.methods.unverifiedSms')
                          : t('dashboard.methods.unverifiedEmail')}
                      </Text>
                    )}
                    {method.optedOut && (
                      <Text size="sm" c="red.8">
                        {t('dashboard.methods.optedOut')}
                      </Text>
                    )}
                    {method.undeliverable && (
                      <Text size="sm" c="red.8">
                        {t('dashboard.methods.undeliverable', { reason: method.undeliverable })}
                      </Text>
                    )}
                    {sms && method.verified && (
                      <Switch
                        size="xs"
                        label={t('dashboard.methods.textCheck')}
                        checked={method.textsCheckLevel}
                        disabled={textLevels.isPending}
                        onChange={(e) =>
                          textLevels.mutate({ method, checkLevel: e.currentTarget.checked })
                        }
                      />
                    )}
                  </Stack>
                  <Group gap="xs">
                    {!method.verified && (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={impersonated}
                        title={impersonatingHint}
                        onClick={() => ask({ action: 'resend', method })}
                        aria-label={t('dashboard.methods.resendLabel', { address: method.email })}
                      >
                        {t('dashboard.methods.resend')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      disabled={own}
                      title={own ? t('dashboard.methods.ownEmail') : undefined}
                      onClick={() => ask({ action: 'remove', method })}
                      aria-label={t('dashboard.methods.removeLabel', { address: method.email })}
                    >
                      {t('dashboard.methods.remove')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <AddMethodModal opened={adding} onClose={addModal.close} />
      <ConfirmModal
        opened={opened && target !== null}
        title={removing ? t('dashboard.methods.removeTitle') : t('dashboard.methods.resendTitle')}
        confirmLabel={
          removing ? t('dashboard.methods.remove') : t('dashboard.methods.resendConfirm')
        }
        loading={removing ? remove.isPending : resend.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <Text>
          {removing
            ? t('dashboard.methods.removeQuestion', { address: target.method.email })
            : target?.method.notificationMethodType === 'SMS'
              ? t('dashboard.methods.resendTextQuestion', { address: target.method.email })
              : t('dashboard.methods.resendLinkQuestion', { address: target?.method.email })}
        </Text>
      </ConfirmModal>
    </Section>
  );
}
