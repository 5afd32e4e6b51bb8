import { Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { firstIssueOnly, MAX_PHONE_LENGTH } from '@deedwatch/rules';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { api } from '../../api/client';
import { notificationOptionsQuery } from '../../api/queries';
import { useBackCloses } from '../../components/back-closes';
import { FormActions } from '../../components/form-actions';
import { requiredEmail } from '../../components/required-email';
import { useUserAction } from './use-user-action';

type MethodType = 'Email' | 'SMS';

/** text@text, the same rule the server applies. */
const emailSchema = (t: TFunction) =>
  firstIssueOnly(
    v.object({
      address: requiredEmail(
        t('dashboard.methods.emailRequired'),
        t('dashboard.methods.emailInvalid'),
      ),
    }),
  );

/** Required and bounded; the server reads the number and says what is wrong with it. */
const phoneSchema = (t: TFunction) =>
  firstIssueOnly(
    v.object({
      address: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(t('dashboard.methods.phoneRequired')),
        v.maxLength(
          MAX_PHONE_LENGTH,
          t('dashboard.methods.phoneTooLong', { max: MAX_PHONE_LENGTH }),
        ),
      ),
    }),
  );

type AddressSchema = v.GenericSchema<{ address: string }, { address: string }>;

type MethodFormParts = {
  schema: AddressSchema;
  failure: string;
  input: ComponentProps<typeof TextInput>;
};

function methodForm(t: TFunction, type: MethodType): MethodFormParts {
  return type === 'Email'
    ? {
        schema: emailSchema(t),
        failure: t('dashboard.methods.addEmailFailed'),
        input: { label: t('dashboard.methods.emailLabel'), type: 'email', autoComplete: 'email' },
      }
    : {
        schema: phoneSchema(t),
        failure: t('dashboard.methods.addSmsFailed'),
        input: {
          label: t('dashboard.methods.phoneLabel'),
          type: 'tel',
          autoComplete: 'tel',
          description: t('dashboard.methods.phoneDescription'),
        },
      };
}

/** One method type's field and buttons; switching type starts a fresh form. */
function MethodForm({ type, onDone }: { type: MethodType; onDone: () => void }) {
  const { t } = useTranslation();
  const { schema, failure, input } = methodForm(t, type);
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
        <FormActions
          cancelLabel={t('dashboard.methods.cancel')}
          submitLabel={t('dashboard.methods.addButton')}
          pending={add.isPending}
          // Blocked while an error is set.
          submitDisabled={'address' in form.errors}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/**
 * Adds an email, or a phone for texts when the server sends them (GET /api/config/notifications;
 * without texts, only email is offered).
 */
export function AddMethodModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<MethodType>('Email');
  const options = useQuery({ ...notificationOptionsQuery(), enabled: opened });
  const smsOffered = options.data?.methodTypes.includes('SMS') ?? false;
  const shown: MethodType = smsOffered ? type : 'Email';
  const close = () => {
    setType('Email');
    onClose();
  };
  useBackCloses(opened, close);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        shown === 'Email'
          ? t('dashboard.methods.addEmailTitle')
          : t('dashboard.methods.addSmsTitle')
      }
      centered
    >
      <Stack>
        {smsOffered && (
          <SegmentedControl
            aria-label={t('dashboard.methods.typeLabel')}
            value={shown}
            onChange={(value) => setType(value as MethodType)}
            data={[
              { label: t('dashboard.methods.typeEmail'), value: 'Email' },
              { label: t('dashboard.methods.typeSms'), value: 'SMS' },
            ]}
          />
        )}
        <MethodForm key={shown} type={shown} onDone={close} />
      </Stack>
    </Modal>
  );
}
