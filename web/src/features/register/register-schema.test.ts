import { isEmail } from '@deedwatch/rules';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { registerEmailsSchema } from './register-schema';

// Through the resolver the form uses: it keeps the first message of each field.
const resolve = schemaResolver(registerEmailsSchema(i18n.t), { sync: true });
const errors = (email: string, confirmEmail: string) => resolve({ email, confirmEmail });

describe('register step 1 rules', () => {
  it('requires both emails', () => {
    expect(errors('', '')).toEqual({
      email: 'Email is required',
      confirmEmail: 'Confirm Email is required',
    });
    expect(errors('   ', 'a@b')).toMatchObject({ email: 'Email is required' });
  });

  it('wants non-space characters, an @, then non-space characters', () => {
    expect(errors('owner', 'owner')).toEqual({ email: 'Invalid email' });
    expect(errors('owner@', 'owner@')).toEqual({ email: 'Invalid email' });
    expect(errors('own er@example.com', 'own er@example.com')).toEqual({
      email: 'Invalid email',
    });
    expect(errors('owner@example', 'owner@example')).toEqual({});
    expect(errors(' owner@example.com ', 'owner@example.com')).toEqual({});
  });

  it('wants the confirmation to equal the email', () => {
    expect(errors('owner@example.com', 'owner@example.org')).toEqual({
      confirmEmail: 'Emails do not match',
    });
  });

  it("refuses exactly what the server's own check refuses, with the message other email fields use", () => {
    for (const email of [
      'owner@example.com',
      'x@@y.com',
      'a@b',
      'owner@',
      '@example.com',
      'o w@x',
    ]) {
      expect(errors(email, email), email).toEqual(isEmail(email) ? {} : { email: 'Invalid email' });
    }
  });
});
