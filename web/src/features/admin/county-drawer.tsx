import {
  Drawer,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LevelOverridesEditor } from './level-overrides-editor';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type CountyPathField, normaliseDocumentTypes } from '@deedwatch/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { api, genericErrorMessage, quiet } from '../../api/client';
import { adminCountiesQuery, countiesQuery } from '../../api/queries';
import { FormActions } from '../../components/form-actions';
import { showErrorToast } from '../notifications/show-error-toast';
import {
  COUNTY_LABELS,
  type CountyFormValues,
  CountySchema,
  formValuesOf,
  isRequiredCountyField,
  pathFieldOf,
  REQUIRED_TEXT_FIELDS,
  updateBody,
} from './county-form';
import type { AdminCounty } from './types';

/** A save the server refused, with its message. */
class SaveRefused extends Error {}

/** Narrow screens get the whole width instead: 55% of 375 px leaves no room for a form. */
export const EDIT_COUNTY_WIDTH = '55%';

type TextField = {
  [K in keyof CountyFormValues]: CountyFormValues[K] extends string ? K : never;
}[keyof CountyFormValues];
type SwitchField = {
  [K in keyof CountyFormValues]: CountyFormValues[K] extends boolean ? K : never;
}[keyof CountyFormValues];

/** The text fields the rules leave optional, under the mailer settings. */
const OPTIONAL_TEXT = (
  ['mailerTemplatePath', 'mailerOutputPath', 'inboxPath'] as const satisfies TextField[]
).filter((field) => !isRequiredCountyField(field));
const MAILER_SWITCHES: readonly SwitchField[] = [
  'createCountyMailer',
  'useOnePageMailer',
  'useWatermark',
  'addSampleToMailer',
];
const DESCRIPTIONS: Partial<Record<keyof CountyFormValues, string>> = {
  code: 'Capital letters, digits and _',
  uiMask: 'APN mask shown to subscribers: 0 a digit, a a letter, - kept',
  dataMask: "APN mask of the county's data feed",
  format: 'An example APN in the county format',
  linkUrl: "The county recorder's web page",
  alertTemplateAlias: "The template alias of the county's alert emails",
  mailerDocumentTypes: 'Press Enter after each type; they are saved in capitals, once each',
  inboxPath: 'Optional: a folder on the server where the recorder drops its feed folders',
  fraudContactName: 'Who takes fraud reports: an office or a unit',
  fraudContactPhone: '10 digits, or + and the country code; an extension after x',
  fraudContactEmail: 'Their email address',
  fraudContactUrl: 'Their web page about recording fraud',
};
const FRAUD_CONTACT_FIELDS = [
  'fraudContactName',
  'fraudContactPhone',
  'fraudContactEmail',
  'fraudContactUrl',
] as const satisfies TextField[];

function CountyForm({ county, onDone }: { county: AdminCounty; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CountyFormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(county),
    validate: schemaResolver(CountySchema, { sync: true }),
    validateInputOnBlur: true,
  });
  // The error toasts of this form's failed saves, taken down once a save goes through, so that
  // none stays up beside County Saved.
  const failureToasts = useRef<string[]>([]);
  // A path the server refused, shown on its field while the field holds that value. Kept apart
  // from the form's own errors, which checking a field as it loses focus would clear.
  const [refused, setRefused] = useState<{
    field: CountyPathField;
    value: string;
    message: string;
  } | null>(null);
  const refusalOf = (field: TextField) =>
    refused?.field === field && form.values[field] === refused.value ? refused.message : null;
  const save = useMutation({
    mutationFn: async (values: CountyFormValues) => {
      // Quiet: a refused path goes on its field, anything else in a toast of the form's own.
      const { data, error } = await api.POST('/api/admin/counties/update', {
        body: updateBody(county.id, values),
        middleware: [quiet],
      });
      if (!data) throw new SaveRefused(error?.message || genericErrorMessage());
      return data;
    },
    onError: (error) => {
      const message = error instanceof SaveRefused ? error.message : genericErrorMessage();
      const field = pathFieldOf(message);
      if (field) {
        setRefused({ field, value: form.values[field], message });
        // The field may be scrolled out of sight, above the Save button.
        form.getInputNode(field)?.focus();
      } else {
        // The server checks the paths first: a refusal of anything else passed them.
        setRefused(null);
        failureToasts.current.push(showErrorToast(message));
      }
    },
    onSuccess: async (saved) => {
      setRefused(null);
      for (const id of failureToasts.current.splice(0)) notifications.hide(id);
      queryClient.setQueryData(adminCountiesQuery().queryKey, (list: AdminCounty[] | undefined) =>
        list?.map((c) => (c.id === saved.id ? saved : c)),
      );
      // The county list subscribers pick from may have changed too.
      await queryClient.invalidateQueries({ queryKey: countiesQuery().queryKey });
      notifications.show({
        color: 'teal',
        title: 'County Saved',
        message: `${saved.name} is saved.`,
      });
      onDone();
    },
  });

  const textInput = (field: TextField) => (
    <TextInput
      key={form.key(field)}
      label={COUNTY_LABELS[field]}
      description={DESCRIPTIONS[field]}
      withAsterisk={isRequiredCountyField(field)}
      required={isRequiredCountyField(field)}
      {...form.getInputProps(field)}
      error={form.errors[field] ?? refusalOf(field)}
      {...(field === 'code'
        ? {
            onChange: (e: ChangeEvent<HTMLInputElement>) =>
              form.setFieldValue('code', e.currentTarget.value.toUpperCase()),
          }
        : {})}
    />
  );
  const switchInput = (field: SwitchField, label: ReactNode = COUNTY_LABELS[field]) => (
    <Switch
      key={form.key(field)}
      label={label}
      {...form.getInputProps(field, { type: 'checkbox' })}
    />
  );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Fields marked{' '}
          <Text span c="red">
            *
          </Text>{' '}
          are required.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {REQUIRED_TEXT_FIELDS.map((field) => textInput(field))}
        </SimpleGrid>
        {switchInput(
          'isEnabled',
          <>
            {COUNTY_LABELS.isEnabled}
            {isRequiredCountyField('isEnabled') && (
              <>
                {' '}
                <Text span c="red" aria-hidden>
                  *
                </Text>
              </>
            )}
          </>,
        )}
        <Title order={3} size="h5">
          County Mailer
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {MAILER_SWITCHES.map((field) => switchInput(field))}
        </SimpleGrid>
        <TagsInput
          key={form.key('mailerDocumentTypes')}
          label={COUNTY_LABELS.mailerDocumentTypes}
          description={DESCRIPTIONS.mailerDocumentTypes}
          clearable
          {...form.getInputProps('mailerDocumentTypes')}
          onChange={(types) =>
            form.setFieldValue('mailerDocumentTypes', normaliseDocumentTypes(types))
          }
          isDuplicate={(value, current) =>
            current.includes(normaliseDocumentTypes([value])[0] ?? '')
          }
          // Enter adds the type typed; with nothing typed it would submit the form, when the
          // field's own hint says to press Enter after each type.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.currentTarget.value.trim() === '')
              event.preventDefault();
          }}
        />
        {OPTIONAL_TEXT.map((field) => textInput(field))}
        <Title order={3} size="h5">
          Fraud Contact
        </Title>
        <Text size="sm" c="dimmed">
          Optional. Shown on subscribers&apos; alerts and in their case packets as whom to report a
          suspected fraud to.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FRAUD_CONTACT_FIELDS.map((field) => textInput(field))}
        </SimpleGrid>
        <LevelOverridesEditor form={form} />
        <FormActions
          cancelLabel="Cancel"
          submitLabel="Save"
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** The side panel's title: which county is being edited. */
export const editCountyTitle = (county: AdminCounty | null) =>
  county ? `Edit County: ${county.name}` : 'Edit County';

/** The Edit County side panel, titled with the county's name: every field, the required ones marked. */
export function CountyDrawer({
  county,
  opened,
  onClose,
}: {
  county: AdminCounty | null;
  opened: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={editCountyTitle(county)}
      position="right"
      size={narrow ? '100%' : EDIT_COUNTY_WIDTH}
    >
      {county && <CountyForm key={county.id} county={county} onDone={onClose} />}
    </Drawer>
  );
}
