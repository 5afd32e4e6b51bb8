import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailActions, firstIssueOnly, MAX_PHONE_LENGTH, PHONE_REQUIRED } from '@deedwatch/rules';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import * as v from 'valibot';
import { api } from '../../api/client';
import { notificationOptionsQuery } from '../../api/queries';
import { useUserAction } from './use-user-action';

export const ADD_EMAIL_FAILED = 'Failed to add Email Notification Method';
export const ADD_SMS_FAILED = 'Failed to add SMS Notification Method';

type MethodType = 'Email' | 'SMS';

/** text@text, the same rule the server applies. */
const EmailSchema = firstIssueOnly(
  v.object({
    address: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Email is required'),
      ...emailActions('Invalid Email'),
    ),
  }),
);

/** Required and bounded; the server reads the number and says what is wrong with it. */
const PhoneSchema = firstIssueOnly(
  v.object({
    address: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(PHONE_REQUIRED),
      v.maxLength(MAX_PHONE_LENGTH, `Phone Number is at most ${MAX_PHONE_LENGTH} characters`),
    ),
  }),
);

type AddressSchema = v.GenericSchema<{ address: string }, { address: string }>;

const FORMS: Record<
  MethodType,
  { schema: AddressSchema; failure: string; input: ComponentProps<typeof TextInput> }
> = {
  Email: {
    schema: EmailSchema,
    failure: ADD_EMAIL_FAILED,
    input: { label: 'Email', type: 'email', autoComplete: 'email' },
  },
  SMS: {
    schema: PhoneSchema,
    failure: ADD_SMS_FAILED,
    input: {
      label: 'Phone Number',
      type: 'tel',
      autoComplete: 'tel',
      description:
        'A mobile number, such as (916) 555-0142, or + and the country code. We text it a link to confirm it; Act now alerts are then texted to it.',
    },
  },
};

/** One method type's field and buttons; switching type starts a fresh form. */
function MethodForm({ type, onDone }: { type: MethodType; onDone: () => void }) {
  const { schema, failure, input } = FORMS[type];
  const form = useForm({
    mode: 'controlled',
    initialValues: { address: '' },
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: true,
  });
  const add = useUserAction(
    (address: string) =>
      api.POST('/api/user/notifications/add', {
        body: { email: address, notificationMethodType: type },
      }),
    failure,
  );
  const submit = form.onSubmit(({ address }) => {
    add.mutate(address.trim(), { onSuccess: onDone });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          {...input}
          required
          data-autofocus
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          {/* Blocked while an error is set. */}
          <Button type="submit" loading={add.isPending} disabled={'address' in form.errors}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Adds an email, or a phone for texts when the server sends them (GET /api/config/notifications;
 * without texts, only email is offered).
 */
export function AddMethodModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [type, setType] = useState<MethodType>('Email');
  const options = useQuery({ ...notificationOptionsQuery(), enabled: opened });
  const smsOffered = options.data?.methodTypes.includes('SMS') ?? false;
  const shown: MethodType = smsOffered ? type : 'Email';
  const close = () => {
    setType('Email');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Add ${shown} Notification Method`} centered>
      <Stack>
        {smsOffered && (
          <SegmentedControl
            aria-label="Method type"
            value={shown}
            onChange={(value) => setType(value as MethodType)}
            data={[
              { label: 'Email', value: 'Email' },
              { label: 'SMS (text)', value: 'SMS' },
            ]}
          />
        )}
        <MethodForm key={shown} type={shown} onDone={close} />
      </Stack>
    </Modal>
  );
}
