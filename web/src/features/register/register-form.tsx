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
import { useId, useReducer, useState } from 'react';
import { api, GENERIC_ERROR_MESSAGE, quiet } from '../../api/client';
import { AnchorLink } from '../../components/links';
import type { GuardKind } from '../guards/guard-items';
import { showErrorToast } from '../notifications/show-error-toast';
import { GuardModal } from './guard-modal';
import type { GuardLists } from './guard-selection';
import { guardSelectionReducer, initialGuardSelection } from './guard-selection';
import { NamesToBeGuarded, PropertiesToBeGuarded } from './guarded-lists';
import type { RegisterEmails } from './register-schema';
import { NO_GUARDS_MESSAGE, RegisterEmailsSchema } from './register-schema';

export const EMAIL_TAKEN_MESSAGE = 'User with this email already exists';
export const REGISTERED_MESSAGE = 'User registered successfully';

type Outcome = 'registered' | 'failed';

/** POST /api/user/register with the product's failure messages, one toast per failure. */
async function register(email: string, guards: GuardLists): Promise<Outcome> {
  try {
    const { data, error, response } = await api.POST('/api/user/register', {
      body: { email, names: guards.names, apns: guards.apns },
      middleware: [quiet],
    });
    if (data) return 'registered';
    if (response.status === 409) showErrorToast(EMAIL_TAKEN_MESSAGE);
    else showErrorToast(error?.message || GENERIC_ERROR_MESSAGE);
  } catch {
    showErrorToast(GENERIC_ERROR_MESSAGE);
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
  const descriptionId = useId();
  return (
    <Card
      component="button"
      type="button"
      onClick={onOpen}
      withBorder
      padding="lg"
      aria-label={title}
      aria-describedby={descriptionId}
      style={{ textAlign: 'left', cursor: 'pointer' }}
    >
      <Text fw={900} fz="lg" c="red.6">
        {title}
      </Text>
      <Text id={descriptionId} size="sm" c="darkGray.6" mt={4}>
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

function NewTabLink({ to, children }: { to: '/terms' | '/privacy'; children: ReactNode }) {
  return (
    <AnchorLink to={to} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </AnchorLink>
  );
}

/** The register page: email, the items to guard, and SIGN UP. */
export function RegisterForm() {
  const [selection, dispatch] = useReducer(guardSelectionReducer, initialGuardSelection);
  const [registered, setRegistered] = useState(false);
  const form = useForm<RegisterEmails>({
    mode: 'uncontrolled',
    initialValues: { email: '', confirmEmail: '' },
    validate: schemaResolver(RegisterEmailsSchema, { sync: true }),
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
      notifications.show({ color: 'green', title: 'Success', message: REGISTERED_MESSAGE });
      form.reset();
      dispatch({ type: 'reset' });
      setRegistered(true);
    },
  });

  const open = (mode: GuardKind) => dispatch({ type: 'open', mode });
  const { names, apns } = selection.committed;

  const submit = form.onSubmit(
    (values) => {
      if (names.length === 0 && apns.length === 0) {
        showErrorToast(NO_GUARDS_MESSAGE);
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
        <Text fz="lg">
          Thank you for registering for the DeedWatch Free Real Estate Protection Service! Please
          check your email to verify your account.
        </Text>
      </Alert>
    );
  }

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="xl">
          <Step title="Step 1: Enter Your Email">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Confirm Email"
                type="email"
                autoComplete="email"
                required
                key={form.key('confirmEmail')}
                {...form.getInputProps('confirmEmail')}
              />
            </SimpleGrid>
          </Step>

          <Step title="Step 2: Choose What to Guard">
            <Text>
              Pick a county, then the owner names and the properties you want us to watch. Each
              email can guard up to 10 names and 10 APNs.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <GuardCard
                title="Guard a Name"
                description="People, businesses and trusts, as the county recorder's index writes them."
                onOpen={() => open('name')}
              />
              <GuardCard
                title="Guard a Property"
                description="A parcel by its APN or its street address."
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

          <Step title="Step 3: Sign Up">
            <Text size="sm">
              By clicking SIGN UP, you agree to our{' '}
              <NewTabLink to="/terms">Terms of Use</NewTabLink> and{' '}
              <NewTabLink to="/privacy">Privacy Policy</NewTabLink>, and you consent to receive
              email notifications from DeedWatch about the names and properties you guard.
            </Text>
            <Box>
              <Button type="submit" size="md" loading={signUp.isPending}>
                SIGN UP
              </Button>
            </Box>
          </Step>
        </Stack>
      </Box>
      <GuardModal selection={selection} dispatch={dispatch} />
    </>
  );
}
