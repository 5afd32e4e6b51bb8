import {
  firstIssueOnly,
  MAX_TRUSTED_CONTACT_NAME_LENGTH,
  MAX_TRUSTED_CONTACTS,
} from '@deedwatch/rules';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { api, genericErrorMessage, quiet } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { FormActions } from '../../components/form-actions';
import { requiredEmail } from '../../components/required-email';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { Section, sectionHeading } from '../../components/section';
import { ConfirmModal } from '../../components/confirm-modal';
import { showErrorToast } from '../notifications/show-error-toast';
import { formatDate } from './format';
import { useUserAction } from './use-user-action';

type Contact = SessionUser['trustedContacts'][number];

const STATUS: Record<
  Contact['status'],
  { color: string; line: (t: TFunction, c: Contact) => string }
> = {
  invited: {
    color: 'blue',
    line: (t, c) => t('dashboard.contacts.invitedLine', { date: formatDate(c.createdAt) }),
  },
  active: {
    color: 'teal.0',
    line: (t, c) => t('dashboard.contacts.activeLine', { date: formatDate(c.acceptedAt) }),
  },
  stopped: {
    color: 'gray',
    line: (t, c) => t('dashboard.contacts.stoppedLine', { date: formatDate(c.stoppedAt) }),
  },
};
const STATUS_LABEL = {
  invited: 'dashboard.contacts.invited',
  active: 'dashboard.contacts.active',
  stopped: 'dashboard.contacts.stopped',
} as const satisfies Record<Contact['status'], string>;

/**
 * Removes a contact and answers the session user. A contact already gone (removed in another
 * tab) is what was asked: no error, and the list is read again. Any other refusal is told in
 * the server's words (never its 404's, which name the contact by its id).
 */
async function removeContact(contact: Contact) {
  const answer = await api.DELETE('/api/user/trusted-contacts/{id}', {
    params: { path: { id: contact.id } },
    middleware: [quiet],
  });
  if (answer.response.status === 404) return api.POST('/api/auth/me');
  if (answer.error) showErrorToast(answer.error.message || genericErrorMessage());
  return answer;
}

/** The server's rules: text@text, and a name of bounded length. */
const addContactSchema = (t: TFunction) =>
  firstIssueOnly(
    v.object({
      email: requiredEmail(
        t('dashboard.contacts.emailRequired'),
        t('dashboard.contacts.emailInvalid'),
      ),
      name: v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(
          MAX_TRUSTED_CONTACT_NAME_LENGTH,
          t('dashboard.contacts.tooLong', { max: MAX_TRUSTED_CONTACT_NAME_LENGTH }),
        ),
      ),
    }),
  );

function AddContactModal({
  user,
  opened,
  onClose,
  onAdded,
}: {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
  /** After the invitation is saved and the dialog closed, with the updated user. */
  onAdded: (updated: SessionUser) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '' },
    validate: schemaResolver(addContactSchema(t), { sync: true }),
    validateInputOnBlur: true,
  });
  const add = useUserAction(
    (body: { email: string; name: string }) => api.POST('/api/user/trusted-contacts', { body }),
    t('dashboard.contacts.addFailed'),
  );
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };
  const submit = form.onSubmit(({ email, name }) => {
    if (email.trim().toLowerCase() === user.email.toLowerCase()) {
      form.setFieldError('email', t('dashboard.contacts.ownEmail'));
      return;
    }
    add.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: (updated) => {
          close();
          onAdded(updated);
        },
      },
    );
  });
  return (
    <Modal opened={opened} onClose={close} title={t('dashboard.contacts.addTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('dashboard.contacts.addIntro')}</Text>
          <TextInput
            label={t('dashboard.contacts.emailLabel')}
            type="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('dashboard.contacts.nameLabel')}
            description={t('dashboard.contacts.nameDescription')}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <FormActions
            cancelLabel={t('dashboard.contacts.cancel')}
            submitLabel={t('dashboard.contacts.send')}
            pending={add.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Up to two people who get a copy of the subscriber's Act now alerts, once they accept. */
export function TrustedContactsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [adding, addModal] = useDisclosure(false);
  const [target, setTarget] = useState<Contact | null>(null);
  const [opened, setOpened] = useState(false);
  const remove = useUserAction(removeContact, t('dashboard.contacts.removeFailed'));
  const focusWhenReady = useFocusWhenReady();
  const contacts = user.trustedContacts;
  const full = contacts.length >= MAX_TRUSTED_CONTACTS;
  return (
    <Section
      id="contacts-heading"
      title={t('dashboard.contacts.title')}
      actions={
        <Button
          size="xs"
          onClick={addModal.open}
          disabled={full || user.isImpersonated}
          title={user.isImpersonated ? t('common.impersonating.unavailable') : undefined}
        >
          {t('dashboard.contacts.add')}
        </Button>
      }
    >
      <Text size="sm" c="gray.7">
        {full
          ? t('dashboard.contacts.full', { max: MAX_TRUSTED_CONTACTS })
          : t('dashboard.contacts.intro', { max: MAX_TRUSTED_CONTACTS })}
      </Text>
      {contacts.length === 0 ? (
        <Text c="gray.7">{t('dashboard.contacts.empty')}</Text>
      ) : (
        contacts.map((contact) => {
          const status = STATUS[contact.status];
          return (
            <Paper
              withBorder
              p="sm"
              key={contact.id}
              component="article"
              aria-label={contact.email}
            >
              {/* The name wraps; the button keeps its whole label, however long the name. */}
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {contact.name
                        ? t('dashboard.contacts.nameAndEmail', {
                            name: contact.name,
                            email: contact.email,
                          })
                        : contact.email}
                    </Text>
                    <Badge color={status.color} variant="light">
                      {t(STATUS_LABEL[contact.status])}
                    </Badge>
                  </Group>
                  <Text size="sm" c="gray.7">
                    {status.line(t, contact)}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  style={{ flexShrink: 0 }}
                  onClick={() => {
                    setTarget(contact);
                    setOpened(true);
                  }}
                  aria-label={t('dashboard.contacts.removeLabel', { email: contact.email })}
                >
                  {t('dashboard.contacts.remove')}
                </Button>
              </Group>
            </Paper>
          );
        })
      )}
      <AddContactModal
        user={user}
        opened={adding}
        onClose={addModal.close}
        onAdded={(updated) => {
          // The last contact allowed disables Add, where the dialog would return focus.
          if (updated.trustedContacts.length >= MAX_TRUSTED_CONTACTS)
            focusWhenReady(() => sectionHeading('contacts-heading'));
        }}
      />
      <ConfirmModal
        opened={opened}
        title={t('dashboard.contacts.removeTitle')}
        confirmLabel={t('dashboard.contacts.remove')}
        loading={remove.isPending}
        onConfirm={() =>
          target &&
          remove.mutate(target, {
            onSettled: () => setOpened(false),
            // The removed contact takes its Remove button, where the dialog would return focus.
            onSuccess: () => focusWhenReady(() => sectionHeading('contacts-heading')),
          })
        }
        onClose={() => setOpened(false)}
      >
        <Text>{t('dashboard.contacts.removeQuestion', { email: target?.email })}</Text>
      </ConfirmModal>
    </Section>
  );
}
