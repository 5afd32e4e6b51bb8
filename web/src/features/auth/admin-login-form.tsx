import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { emailActions, firstIssueOnly } from '@deedwatch/rules';
import * as v from 'valibot';
import { api } from '../../api/client';
import { isStaffRole } from '../session/roles';
import { useSession } from '../session/session-context';

/** The admin login email must look like text@text. */
const AdminLoginSchema = firstIssueOnly(
  v.object({
    email: v.pipe(v.string(), v.trim(), ...emailActions('Invalid email')),
    password: v.pipe(v.string(), v.nonEmpty('Password is required')),
  }),
);

/** Staff sign in with email and password, then go to /admin. */
export function AdminLoginForm() {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(AdminLoginSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setSending(true);
    try {
      const { data } = await api.POST('/api/admin/auth/login', {
        body: { email: email.trim(), password },
      });
      // A refusal (401 'Invalid email or password') is shown by the client's error toast.
      if (!data) return;
      queryClient.clear();
      setUser(data);
      await navigate({ to: isStaffRole(data.role) ? '/admin' : '/dashboard' });
    } catch {
      // Network failure, already reported.
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Admin login">
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={sending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
