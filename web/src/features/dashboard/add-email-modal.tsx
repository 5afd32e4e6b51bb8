import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailActions, firstIssueOnly } from '@deedwatch/rules';
import * as v from 'valibot';
import { api } from '../../api/client';
import { useUserAction } from './use-user-action';

export const ADD_EMAIL_FAILED = 'Failed to add Email Notification Method';

/** text@text, the same rule the server applies. */
const AddEmailSchema = firstIssueOnly(
  v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Email is required'),
      ...emailActions('Invalid Email'),
    ),
  }),
);

export function AddEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(AddEmailSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const add = useUserAction(
    (email: string) =>
      api.POST('/api/user/notifications/add', {
        body: { email, notificationMethodType: 'Email' },
      }),
    ADD_EMAIL_FAILED,
  );

  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };

  const submit = form.onSubmit(({ email }) => {
    add.mutate(email.trim(), { onSuccess: close });
  });

  return (
    <Modal opened={opened} onClose={close} title="Add Email Notification Method" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            {/* Blocked while an error is set. */}
            <Button type="submit" loading={add.isPending} disabled={'email' in form.errors}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
