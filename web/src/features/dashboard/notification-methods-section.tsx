import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { AddMethodModal } from './add-method-modal';
import { ConfirmModal } from './confirm-modal';
import { formatDate } from './format';
import type { NotificationMethod } from './types';
import { useUserAction } from './use-user-action';

export const RESEND_FAILED = 'Failed to resend verification email';
export const TEXT_LEVELS_FAILED = 'Failed to change which alerts are texted';
export const removeMethodFailed = (method: NotificationMethod) =>
  `Failed to remove ${method.notificationMethodType} Notification Method`;

type Target = { action: 'remove' | 'resend'; method: NotificationMethod };

/** The account's own email cannot be removed. */
const isAccountEmail = (user: SessionUser, method: NotificationMethod) =>
  method.notificationMethodType === 'Email' &&
  method.email.toLowerCase() === user.email.toLowerCase();

export function NotificationMethodsSection({ user }: { user: SessionUser }) {
  const [adding, addModal] = useDisclosure(false);
  // The target outlives `opened`, so a closing modal keeps its text during the transition.
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (next: Target) => {
    setTarget(next);
    setOpened(true);
  };
  const close = () => setOpened(false);

  const remove = useUserAction(
    (method: NotificationMethod) =>
      api.POST('/api/user/notifications/remove', {
        body: {
          notificationMethodId: method.id,
          notificationMethodType: method.notificationMethodType,
        },
      }),
    removeMethodFailed,
  );
  const resend = useUserAction(
    (method: NotificationMethod) =>
      api.POST('/api/user/notifications/verify/resend', {
        body: { notificationMethodId: method.id },
      }),
    RESEND_FAILED,
  );
  const textLevels = useUserAction(
    ({ method, checkLevel }: { method: NotificationMethod; checkLevel: boolean }) =>
      api.POST('/api/user/notifications/texts', {
        body: { notificationMethodId: method.id, checkLevel },
      }),
    TEXT_LEVELS_FAILED,
  );
  const confirm = () => {
    if (!target) return;
    if (target.action === 'remove') {
      remove.mutate(target.method, { onSettled: close });
      return;
    }
    resend.mutate(target.method, {
      onSettled: close,
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Verification Sent',
          message:
            target.method.notificationMethodType === 'SMS'
              ? `A new verification text is on its way to ${target.method.email}.`
              : `A new verification link is on its way to ${target.method.email}.`,
        }),
    });
  };

  const methods = user.emailNotificationMethods;
  return (
    <Stack component="section" aria-labelledby="methods-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} id="methods-heading">
          Notification Methods
        </Title>
        <Button size="xs" onClick={addModal.open}>
          Add Method
        </Button>
      </Group>
      {methods.length === 0 ? (
        <Text c="dimmed">No notification methods. Add an email to receive alerts.</Text>
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
                      <Badge variant="outline" color="gray">
                        {method.notificationMethodType === 'Email' ? 'EMAIL' : 'SMS'}
                      </Badge>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {method.email}
                      </Text>
                    </Group>
                    {method.verified ? (
                      <Text size="sm" c="teal.8">
                        Verified{method.verifiedAt ? ` on ${formatDate(method.verifiedAt)}` : ''}
                      </Text>
                    ) : (
                      <Text size="sm" c="red.8">
                        {sms
                          ? 'Unverified: open the link in the text we sent to this number'
                          : 'Unverified: check your inbox for the verification link'}
                      </Text>
                    )}
                    {method.optedOut && (
                      <Text size="sm" c="red.8">
                        Texts stopped: this number replied STOP. Text START to our number to receive
                        them again.
                      </Text>
                    )}
                    {method.undeliverable && (
                      <Text size="sm" c="red.8">
                        Undeliverable: {method.undeliverable}
                      </Text>
                    )}
                    {sms && method.verified && (
                      <Switch
                        size="xs"
                        label="Text Check alerts too (Act now alerts are always texted)"
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
                        onClick={() => ask({ action: 'resend', method })}
                        aria-label={`Resend verification to ${method.email}`}
                      >
                        Resend Verification
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      disabled={own}
                      title={own ? 'The email of your account cannot be removed' : undefined}
                      onClick={() => ask({ action: 'remove', method })}
                      aria-label={`Remove ${method.email}`}
                    >
                      Remove
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
        opened={opened && target?.action === 'remove'}
        title="Remove Notification Method"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <Text>Stop sending alerts to {target?.method.email}? You can add it again later.</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={opened && target?.action === 'resend'}
        title="Resend Verification"
        confirmLabel="Resend"
        loading={resend.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <Text>
          Send a new verification{' '}
          {target?.method.notificationMethodType === 'SMS' ? 'text' : 'link'} to{' '}
          {target?.method.email}?
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
