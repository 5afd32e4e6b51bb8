import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';

const steps = [
  {
    title: 'Sign Up',
    text: 'Register your email and the properties (by APN or address) and owner names you want guarded in your county. Enrollment takes under 5 minutes and is free.',
  },
  {
    title: 'Monitor',
    text: "We continuously monitor the county recorder's Official Records Index for documents recorded after your subscription is activated.",
  },
  {
    title: 'Detect and Alert',
    text: 'When a recorded document affects a guarded property or name, we email you an alert that includes the first 2 pages of the document.',
  },
  {
    title: 'Report Fraud',
    text: 'If a document looks fraudulent, follow the instructions in the alert email or contact the county recorder.',
  },
  {
    title: 'Remember',
    text: 'Only documents recorded after activation, and only your registered items, are covered. Not every APN or name appears in the index, and common names may produce irrelevant alerts.',
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works">
      <Title order={2} id="how-it-works" mb="md">
        How it Works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ol" p={0} m={0}>
        {steps.map((step, index) => (
          <Card
            component="li"
            key={step.title}
            withBorder
            padding="lg"
            style={{ listStyle: 'none' }}
          >
            <ThemeIcon radius="xl" size="lg" mb="sm" aria-hidden>
              {index + 1}
            </ThemeIcon>
            <Title order={3} mb="xs">
              {step.title}
            </Title>
            <Text>{step.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
