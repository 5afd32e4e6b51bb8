import {
  CASE_PROBLEM_LABELS,
  CASE_PROBLEMS,
  type CaseProblem,
  firstIssueOnly,
  isEmail,
  MAX_STATEMENT_LENGTH,
  MIN_STATEMENT_LENGTH,
  normalisePhoneNumber,
  type PreferredContact,
} from '@deedwatch/rules';
import {
  Alert as Banner,
  Button,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { api } from '../../api/client';
import { useSession } from '../session/session-context';
import { downloadPacket } from './event-response';
import type { AlertEvent } from './types';

type ReportValues = {
  problem: CaseProblem | '';
  statement: string;
  contactEmail: string;
  contactPhone: string;
  preferredContact: PreferredContact;
};

/** The server's rules, so that what the form lets through is taken. */
const ReportSchema = firstIssueOnly(
  v.object({
    problem: v.picklist(CASE_PROBLEMS, 'Choose what is wrong'),
    statement: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(
        MIN_STATEMENT_LENGTH,
        `Tell us in your own words what is wrong (at least ${MIN_STATEMENT_LENGTH} characters)`,
      ),
      v.maxLength(MAX_STATEMENT_LENGTH, `At most ${MAX_STATEMENT_LENGTH} characters`),
    ),
    contactEmail: v.pipe(
      v.string(),
      v.trim(),
      v.check((email) => isEmail(email), 'Enter an email address'),
    ),
    contactPhone: v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (phone) => phone === '' || normalisePhoneNumber(phone) !== undefined,
        'Enter 10 digits, or + and the country code',
      ),
    ),
    preferredContact: v.picklist(['email', 'phone']),
  }),
);

/** Fields of each step, checked before the next one opens. */
const STEP_FIELDS = [
  ['problem', 'statement'],
  ['contactEmail', 'contactPhone', 'preferredContact'],
] as const;

type Opened = { id: string; caseNumber: string };

/**
 * "This wasn't me": a short guided report (what is wrong, how to reach you) that opens a case
 * and its packet, which the subscriber can download at once and also gets by email.
 */
export function ReportModal({
  event,
  opened,
  onClose,
}: {
  event: AlertEvent;
  opened: boolean;
  onClose: () => void;
}) {
  const { user, setUser } = useSession();
  const [step, setStep] = useState(0);
  const [reported, setReported] = useState<Opened | null>(null);
  const form = useForm<ReportValues>({
    mode: 'controlled',
    initialValues: {
      problem: '',
      statement: '',
      contactEmail: user?.email ?? '',
      contactPhone: '',
      preferredContact: 'email',
    },
    validate: schemaResolver(ReportSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const send = useMutation({
    mutationFn: async (values: ReportValues) => {
      const { data } = await api.POST('/api/user/events/{id}/report', {
        params: { path: { id: event.id } },
        body: {
          problem: values.problem as CaseProblem,
          statement: values.statement.trim(),
          contactEmail: values.contactEmail.trim(),
          contactPhone: values.contactPhone.trim(),
          preferredContact: values.preferredContact,
        },
      });
      if (!data) throw new Error('The report was not taken');
      return data;
    },
    onSuccess: async (opened) => {
      setReported({ id: opened.id, caseNumber: opened.caseNumber });
      // The event now carries its case; the rest of the dashboard shows it too.
      const { data } = await api.POST('/api/auth/me');
      if (data) setUser(data);
    },
  });
  const packet = useMutation({
    mutationFn: (c: Opened) => downloadPacket(c.id, c.caseNumber, event.documentNumber),
  });

  const close = () => {
    setStep(0);
    setReported(null);
    form.reset();
    send.reset();
    onClose();
  };
  const next = () => {
    // Every field of the step is checked, so each shows its message at once.
    const checked = STEP_FIELDS[step]!.map((field) => form.validateField(field).hasError);
    const invalid = checked.includes(true);
    if (!invalid) setStep(step + 1);
  };
  const phoneWanted = form.values.preferredContact === 'phone' && form.values.contactPhone === '';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="This wasn't me"
      size="lg"
      centered
      closeOnClickOutside={!send.isPending}
    >
      {reported ? (
        <Stack>
          <Banner color="teal" title={`Case ${reported.caseNumber} is open`}>
            We received your report of document {event.documentNumber}. Your case packet is ready,
            and a copy is on its way to {user?.email}. DeedWatch support will contact you the way
            you asked.
          </Banner>
          <Button onClick={() => packet.mutate(reported)} loading={packet.isPending}>
            Download Case Packet
          </Button>
          <Text fw={700} size="sm">
            Do not wait for us:
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>
              {event.fraudContact
                ? `Report it to the county's fraud contact (${[event.fraudContact.name, event.fraudContact.phone, event.fraudContact.email].filter(Boolean).join(', ')}) and give them the packet.`
                : 'Report it to the county recorder and give them the packet.'}
            </List.Item>
            <List.Item>File a police report and keep its number.</List.Item>
            <List.Item>
              Call your title insurance company: your policy may cover a forged document.
            </List.Item>
            <List.Item>Freeze your credit with Equifax, Experian and TransUnion.</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            if (phoneWanted) {
              form.setFieldError('contactPhone', 'Give a phone number to be called on');
              return;
            }
            send.mutate(values);
          })}
        >
          <Stack>
            <Text size="sm">
              Document {event.documentNumber} ({event.documentType}, {event.county}).{' '}
              {event.whatItDoes}
            </Text>
            <Stepper active={step} size="sm" allowNextStepsSelect={false}>
              <Stepper.Step label="What is wrong">
                <Stack mt="sm">
                  <Radio.Group
                    label="What is wrong with this document?"
                    withAsterisk
                    key={form.key('problem')}
                    {...form.getInputProps('problem')}
                  >
                    <Stack gap={6} mt={6}>
                      {CASE_PROBLEMS.map((problem) => (
                        <Radio key={problem} value={problem} label={CASE_PROBLEM_LABELS[problem]} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Textarea
                    label="In your own words"
                    description="What you know about this document and why it is not yours. It goes into your case packet as you write it."
                    withAsterisk
                    rows={4}
                    maxLength={MAX_STATEMENT_LENGTH}
                    key={form.key('statement')}
                    {...form.getInputProps('statement')}
                  />
                </Stack>
              </Stepper.Step>
              <Stepper.Step label="How to reach you">
                <Stack mt="sm">
                  <TextInput
                    label="Email"
                    type="email"
                    withAsterisk
                    key={form.key('contactEmail')}
                    {...form.getInputProps('contactEmail')}
                  />
                  <TextInput
                    label="Phone"
                    type="tel"
                    description="Optional, unless you would rather be called"
                    key={form.key('contactPhone')}
                    {...form.getInputProps('contactPhone')}
                  />
                  <Radio.Group
                    label="How would you rather be reached?"
                    key={form.key('preferredContact')}
                    {...form.getInputProps('preferredContact')}
                  >
                    <Group mt={6}>
                      <Radio value="email" label="Email" />
                      <Radio value="phone" label="A phone call" />
                    </Group>
                  </Radio.Group>
                </Stack>
              </Stepper.Step>
            </Stepper>
            <Group justify="space-between">
              <Button
                variant="default"
                onClick={() => (step === 0 ? close() : setStep(step - 1))}
                disabled={send.isPending}
              >
                {step === 0 ? 'Cancel' : 'Back'}
              </Button>
              {/* Keyed apart: were the submit button the same element as Next, the click on Next
                  that makes it one would go on to submit the form. */}
              {step < STEP_FIELDS.length - 1 ? (
                <Button key="next" type="button" onClick={next}>
                  Next
                </Button>
              ) : (
                <Button key="send" type="submit" color="red" loading={send.isPending}>
                  Send Report
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
