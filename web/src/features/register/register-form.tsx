import {
  Alert,
  Box,
  Button,
  Card,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, genericErrorMessage, quiet } from '../../api/client';
import { AnchorLink } from '../../components/links';
import { currentLanguage, i18n } from '../../i18n';
import type { GuardKind } from '../guards/guard-items';
import { showErrorToast } from '../notifications/show-error-toast';
import { GuardModal } from './guard-modal';
import type { GuardLists } from './guard-selection';
import { guardSelectionReducer, initialGuardSelection } from './guard-selection';
import { NamesToBeGuarded, PropertiesToBeGuarded } from './guarded-lists';
import type { RegisterEmails } from './register-schema';
import { registerEmailsSchema } from './register-schema';

type Outcome = 'registered' | 'failed';

/**
 * POST /api/user/register with the product's failure messages, one toast per failure. The account
 * takes the language the site shows, for its emails, texts and PDFs.
 */
async function register(email: string, guards: GuardLists): Promise<Outcome> {
  try {
    const { data, error, response } = await api.POST('/api/user/register', {
      body: { email, names: guards.names, apns: guards.apns, language: currentLanguage() },
      middleware: [quiet],
    });
    if (data) return 'registered';
    if (response.status === 409) showErrorToast(i18n.t('guards.register.emailTaken'));
    else showErrorToast(error?.message || genericErrorMessage());
  } catch {
    showErrorToast(genericErrorMessage());
  }
  return 'failed';
}

function GuardCard({
  title,
  description,
  onOpen,
}: {
  title: string;
  description: string;
  onOpen: () => void;
}) {
  // Named by its whole text, title first, so the name holds what the button shows.
  return (
    <Card
      component="button"
      type="button"
      onClick={onOpen}
      withBorder
      padding="lg"
      style={{ textAlign: 'left', cursor: 'pointer' }}
    >
      <Text fw={900} fz="lg" c="red.6">
        {title}
      </Text>
      <Text size="sm" c="darkGray.6" mt={4}>
        {description}
      </Text>
    </Card>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A link of the consent sentence; its words come from the sentence's catalog entry. */
function NewTabLink({ to, children }: { to: '/terms' | '/privacy'; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AnchorLink to={to} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden>{t('guards.register.newTab')}</VisuallyHidden>
    </AnchorLink>
  );
}

/** The register page: email, the items to guard, and SIGN UP. */
export function RegisterForm() {
  const { t } = useTranslation();
  // Rebuilt when the language changes (t changes with it), so the messages follow.
  const validate = useMemo(() => schemaResolver(registerEmailsSchema(t), { sync: true }), [t]);
  const [selection, dispatch] = useReducer(guardSelectionReducer, initialGuardSelection);
  const [registered, setRegistered] = useState(false);
  const form = useForm<RegisterEmails>({
    mode: 'uncontrolled',
    initialValues: { email: '', confirmEmail: '' },
    validate,
    validateInputOnChange: true,
    // The confirmation is checked against the email, so a changed email checks it again.
    onValuesChange: (values, previous) => {
      if (values.email !== previous.email && values.confirmEmail !== '') {
        form.validateField('confirmEmail');
      }
    },
  });
  const signUp = useMutation({
    mutationFn: ({ email, guards }: { email: string; guards: GuardLists }) =>
      register(email, guards),
    onSuccess: (outcome) => {
      if (outcome !== 'registered') return;
      notifications.show({
        color: 'green',
        title: i18n.t('common.toast.success'),
        message: i18n.t('guards.register.registered'),
      });
      form.reset();
      dispatch({ type: 'reset' });
      setRegistered(true);
    },
  });
  // A refused sign-up re-enables the button it disabled, which the browser has meanwhile taken
  // focus from: give it back, so a keyboard user is where they were, beside the error toast.
  const submitButton = useRef<HTMLButtonElement>(null);
  const refused = signUp.data === 'failed' && !signUp.isPending;
  useEffect(() => {
    if (refused) submitButton.current?.focus();
  }, [refused, signUp.submittedAt]);

  const open = (mode: GuardKind) => dispatch({ type: 'open', mode });
  const { names, apns } = selection.committed;

  const submit = form.onSubmit(
    (values) => {
      if (names.length === 0 && apns.length === 0) {
        showErrorToast(t('guards.register.noGuards'));
        return;
      }
      signUp.mutate({ email: values.email.trim(), guards: selection.committed });
    },
    (errors) => {
      const [first] = Object.values(errors);
      if (first) showErrorToast(String(first));
    },
  );

  if (registered) {
    return (
      <Alert color="green" variant="light" role="status">
        <Text fz="lg">{t('guards.register.thanks')}</Text>
      </Alert>
    );
  }

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate aria-label={t('guards.register.form')}>
        <Stack gap="xl">
          <Step title={t('guards.register.step1')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('guards.register.email')}
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <TextInput
                label={t('guards.register.confirmEmail')}
                type="email"
                autoComplete="email"
                required
                key={form.key('confirmEmail')}
                {...form.getInputProps('confirmEmail')}
              />
            </SimpleGrid>
          </Step>

          <Step title={t('guards.register.step2')}>
            <Text>{t('guards.register.step2Text')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <GuardCard
                title={t('guards.register.guardName')}
                description={t('guards.register.guardNameText')}
                onOpen={() => open('name')}
              />
              <GuardCard
                title={t('guards.register.guardProperty')}
                description={t('guards.register.guardPropertyText')}
                onOpen={() => open('apn')}
              />
            </SimpleGrid>
            <NamesToBeGuarded
              names={names}
              onRemove={(index) => dispatch({ type: 'removeName', index })}
            />
            <PropertiesToBeGuarded
              apns={apns}
              onRemove={(index) => dispatch({ type: 'removeApn', index })}
            />
          </Step>

          <Step title={t('guards.register.step3')}>
            <Text size="sm">
              <Trans
                i18nKey="guards.register.consent"
                components={{
                  terms: <NewTabLink to="/terms" />,
                  privacy: <NewTabLink to="/privacy" />,
                }}
              />
            </Text>
            <Box>
              <Button ref={submitButton} type="submit" size="md" loading={signUp.isPending}>
                {t('guards.register.submit')}
              </Button>
            </Box>
          </Step>
        </Stack>
      </Box>
      <GuardModal selection={selection} dispatch={dispatch} />
    </>
  );
}
