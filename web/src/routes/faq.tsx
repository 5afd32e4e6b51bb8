import { Accordion, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

const questions = [
  {
    id: 'enrolling',
    question: 'pages.faq.enrolling.question',
    answer: 'pages.faq.enrolling.answer',
  },
  { id: 'alerts', question: 'pages.faq.alerts.question', answer: 'pages.faq.alerts.answer' },
  {
    id: 'documents',
    question: 'pages.faq.documents.question',
    answer: 'pages.faq.documents.answer',
  },
  {
    id: 'unsubscribing',
    question: 'pages.faq.unsubscribing.question',
    answer: 'pages.faq.unsubscribing.answer',
  },
  { id: 'fraud', question: 'pages.faq.fraud.question', answer: 'pages.faq.fraud.answer' },
  { id: 'trusts', question: 'pages.faq.trusts.question', answer: 'pages.faq.trusts.answer' },
] as const;

function FaqPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('pages.faq.title')}</Title>
      <Accordion variant="separated">
        {questions.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{t(item.question)}</Accordion.Control>
            <Accordion.Panel>{t(item.answer)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
