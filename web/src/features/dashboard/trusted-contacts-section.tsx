import {
  firstIssueOnly,
  emailActions,
  MAX_TRUSTED_CONTACT_NAME_LENGTH,
  MAX_TRUSTED_CONTACTS,
} from '@deedwatch/rules';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import * as v from 'valibot';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { ConfirmModal } from './confirm-modal';
import { formatDate } from './format';
import { useUserAction } from './use-user-action';

export const ADD_CONTACT_FAILED = 'Failed to add Trusted Contact';
export const REMOVE_CONTACT_FAILED = 'Failed to remove Trusted Contact';

type Contact = SessionUser['trustedContacts'][number];

const STATUS: Record<
  Contact['status'],
  { label: string; color: string; line: (c: Contact) => string }
> = {
  invited: {
    label: 'Invited',
    color: 'blue',
    line: (c) =>
      `Invited on ${formatDate(c.createdAt)}: nothing is sent to them until they accept by the link we emailed them.`,
  },
  active: {
    label: 'Active',
    color: 'teal',
    line: (c) => `Accepted on ${formatDate(c.acceptedAt)}: gets a copy of your Act now alerts.`,
  },
  stopped: {
    label: 'Stopped',
    color: 'gray',
    line: (c) => `Stopped on ${formatDate(c.stoppedAt)}: they asked not to get copies.`,
  },
};

/** The server's rules: text@text, and a name of bounded length. */
const AddContactSchema = firstIssueOnly(
  v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Email is required'),
      ...emailActions('Invalid Email'),
    ),
    name: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        MAX_TRUSTED_CONTACT_NAME_LENGTH,
        `At most ${MAX_TRUSTED_CONTACT_NAME_LENGTH} characters`,
      ),
    ),
  }),
);

function AddContactModal({
  user,
  opened,
  onClose,
}: {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '' },
    validate: schemaResolver(AddContactSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const add = useUserAction(
    (body: { email: string; name: string }) => api.POST('/api/user/trusted-contacts', { body }),
    ADD_CONTACT_FAILED,
  );
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };
  const submit = form.onSubmit(({ email, name }) => {
    if (email.trim().toLowerCase() === user.email.toLowerCase()) {
      form.setFieldError('email', 'That is your own email: name somebody else you trust');
      return;
    }
    add.mutate({ email: email.trim(), name: name.trim() }, { onSuccess: close });
  });
  return (
    <Modal opened={opened} onClose={close} title="Add Trusted Contact" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            We email them an invitation. Once they accept, they get a copy of your Act now alerts (a
            deed or loan you may not have signed, a notice of default, a lien), so that someone you
            trust can check in with you. They never see your dashboard, and can stop at any time.
          </Text>
          <TextInput
            label="Their email"
            type="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Their name"
            description="Optional: used to greet them"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Up to two people who get a copy of the subscriber's Act now alerts, once they accept. */
export function TrustedContactsSection({ user }: { user: SessionUser }) {
  const [adding, addModal] = useDisclosure(false);
  const [target, setTarget] = useState<Contact | null>(null);
  const [opened, setOpened] = useState(false);
  const remove = useUserAction(
    (contact: Contact) =>
      api.DELETE('/api/user/trusted-contacts/{id}', { params: { path: { id: contact.id } } }),
    REMOVE_CONTACT_FAILED,
  );
  const contacts = user.trustedContacts;
  const full = contacts.length >= MAX_TRUSTED_CONTACTS;
  return (
    <Stack component="section" aria-labelledby="contacts-heading" gap="sm">
      <Group justify="space-between">
        <Title order={2} id="contacts-heading">
          Trusted Contacts
        </Title>
        <Button size="xs" onClick={addModal.open} disabled={full || user.isImpersonated}>
          Add Trusted Contact
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {full
          ? `You have named ${MAX_TRUSTED_CONTACTS} trusted contacts, the most you can: remove one to name someone else.`
          : `Name up to ${MAX_TRUSTED_CONTACTS} people you trust to get a copy of your Act now alerts.`}
      </Text>
      {contacts.length === 0 ? (
        <Text c="dimmed">No trusted contacts.</Text>
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
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {contact.name ? `${contact.name} (${contact.email})` : contact.email}
                    </Text>
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {status.line(contact)}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setTarget(contact);
                    setOpened(true);
                  }}
                  aria-label={`Remove trusted contact ${contact.email}`}
                >
                  Remove
                </Button>
              </Group>
            </Paper>
          );
        })
      )}
      <AddContactModal user={user} opened={adding} onClose={addModal.close} />
      <ConfirmModal
        opened={opened}
        title="Remove Trusted Contact"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => setOpened(false) })}
        onClose={() => setOpened(false)}
      >
        <Text>
          {target?.email} will get no more copies of your alerts, from now on. Are you sure?
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
