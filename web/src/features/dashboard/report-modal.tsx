import {
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
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { api } from '../../api/client';
import { useBackCloses } from '../../components/back-closes';
import { documentTypeLabel } from '../documents/document-type';
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

const PROBLEM_LABELS = {
  did_not_sign: 'dashboard.report.problemDidNotSign',
  not_authorised: 'dashboard.report.problemNotAuthorised',
  unknown_parties: 'dashboard.report.problemUnknownParties',
  other: 'dashboard.report.problemOther',
} as const satisfies Record<CaseProblem, string>;

/** The server's rules, so that what the form lets through is taken; messages in `t`'s language. */
const reportSchema = (t: TFunction) =>
  firstIssueOnly(
    v.object({
      problem: v.picklist(CASE_PROBLEMS, t('dashboard.report.chooseProblem')),
      statement: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(
          MIN_STATEMENT_LENGTH,
          t('dashboard.report.statementTooShort', { min: MIN_STATEMENT_LENGTH }),
        ),
        v.maxLength(
          MAX_STATEMENT_LENGTH,
          t('dashboard.report.tooLong', { max: MAX_STATEMENT_LENGTH }),
        ),
      ),
      contactEmail: v.pipe(
        v.string(),
        v.trim(),
        v.check((email) => isEmail(email), t('dashboard.report.enterEmail')),
      ),
      contactPhone: v.pipe(
        v.string(),
        v.trim(),
        v.check(
          (phone) => phone === '' || normalisePhoneNumber(phone) !== undefined,
          t('dashboard.report.enterPhone'),
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
  const { t } = useTranslation();
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
    validate: schemaResolver(reportSchema(t), { sync: true }),
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
  useBackCloses(opened, close);
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
      title={t('dashboard.report.title')}
      size="lg"
      centered
      closeOnClickOutside={!send.isPending}
    >
      {reported ? (
        <Stack>
          <Banner
            color="teal.0"
            title={t('dashboard.report.openedTitle', { caseNumber: reported.caseNumber })}
          >
            {t('dashboard.report.opened', { number: event.documentNumber, email: user?.email })}
          </Banner>
          <Button onClick={() => packet.mutate(reported)} loading={packet.isPending}>
            {t('dashboard.response.downloadPacket')}
          </Button>
          <Text fw={700} size="sm">
            {t('dashboard.report.doNotWait')}
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>
              {event.fraudContact
                ? t('dashboard.report.stepFraudContact', {
                    contact: [
                      event.fraudContact.name,
                      event.fraudContact.phone,
                      event.fraudContact.email,
                    ]
                      .filter(Boolean)
                      .join(', '),
                  })
                : t('dashboard.report.stepRecorder')}
            </List.Item>
            <List.Item>{t('dashboard.report.stepPolice')}</List.Item>
            <List.Item>{t('dashboard.report.stepInsurance')}</List.Item>
            <List.Item>{t('dashboard.report.stepCredit')}</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dashboard.report.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            if (phoneWanted) {
              form.setFieldError('contactPhone', t('dashboard.report.phoneWanted'));
              return;
            }
            send.mutate(values);
          })}
        >
          <Stack>
            <Text size="sm">
              {t('dashboard.report.document', {
                number: event.documentNumber,
                type: documentTypeLabel(event.documentType),
                county: event.county,
              })}{' '}
              {event.whatItDoes}
            </Text>
            <Stepper active={step} size="sm" allowNextStepsSelect={false}>
              <Stepper.Step label={t('dashboard.report.stepProblem')}>
                <Stack mt="sm">
                  <Radio.Group
                    label={t('dashboard.report.problemLabel')}
                    withAsterisk
                    key={form.key('problem')}
                    {...form.getInputProps('problem')}
                  >
                    <Stack gap={6} mt={6}>
                      {CASE_PROBLEMS.map((problem) => (
                        <Radio key={problem} value={problem} label={t(PROBLEM_LABELS[problem])} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Textarea
                    label={t('dashboard.report.statementLabel')}
                    description={t('dashboard.report.statementDescription')}
                    withAsterisk
                    rows={4}
                    maxLength={MAX_STATEMENT_LENGTH}
                    key={form.key('statement')}
                    {...form.getInputProps('statement')}
                  />
                </Stack>
              </Stepper.Step>
              <Stepper.Step label={t('dashboard.report.stepContact')}>
                <Stack mt="sm">
                  <TextInput
                    label={t('dashboard.report.email')}
                    type="email"
                    withAsterisk
                    key={form.key('contactEmail')}
                    {...form.getInputProps('contactEmail')}
                  />
                  <TextInput
                    label={t('dashboard.report.phone')}
                    type="tel"
                    description={t('dashboard.report.phoneDescription')}
                    key={form.key('contactPhone')}
                    {...form.getInputProps('contactPhone')}
                  />
                  <Radio.Group
                    label={t('dashboard.report.preferredLabel')}
                    key={form.key('preferredContact')}
                    {...form.getInputProps('preferredContact')}
                  >
                    <Group mt={6}>
                      <Radio value="email" label={t('dashboard.report.preferEmail')} />
                      <Radio value="phone" label={t('dashboard.report.preferPhone')} />
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
                {step === 0 ? t('dashboard.report.cancel') : t('dashboard.report.back')}
              </Button>
              {/* Keyed apart: were the submit button the same element as Next, the click on Next
                  that makes it one would go on to submit the form. */}
              {step < STEP_FIELDS.length - 1 ? (
                <Button key="next" type="button" onClick={next}>
                  {t('dashboard.report.next')}
                </Button>
              ) : (
                <Button key="send" type="submit" color="red" loading={send.isPending}>
                  {t('dashboard.report.send')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
