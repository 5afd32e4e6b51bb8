import { Accordion, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

const questions = [
  {
    id: 'enrolling',
    question: 'How do I enroll?',
    answer:
      'Choose Sign Up, enter your email, and pick the names and properties you want guarded in your county. Enrollment takes under 5 minutes, the service is free, and each email can guard up to 10 names and 10 APNs.',
  },
  {
    id: 'alerts',
    question: 'When will I receive an alert?',
    answer:
      'We email you when a document recorded after your subscription is activated affects a guarded property (by APN or address) or a guarded name. Not all APNs and names appear in the index, and common first names or surnames may produce irrelevant alerts.',
  },
  {
    id: 'documents',
    question: 'Which documents does an alert include?',
    answer:
      'The alert email includes the first 2 pages of the recorded document, and you can download it from your dashboard.',
  },
  {
    id: 'unsubscribing',
    question: 'How do I unsubscribe from an item?',
    answer:
      'Log in, open your dashboard and remove the item from Items Being Guarded. You will no longer receive alerts for it.',
  },
  {
    id: 'fraud',
    question: 'What should I do if I suspect fraud?',
    answer: 'Follow the instructions in the alert email, or contact the county recorder directly.',
  },
  {
    id: 'trusts',
    question: 'Can I guard a business or a trust?',
    answer:
      'Yes. Names can be personal, business or trust names; enter the name as it appears on recorded documents.',
  },
] as const;

function FaqPage() {
  return (
    <Stack>
      <Title order={1}>Frequently Asked Questions</Title>
      <Accordion variant="separated">
        {questions.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
