import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const steps = [
  { title: 'pages.howItWorks.signUp.title', text: 'pages.howItWorks.signUp.text' },
  { title: 'pages.howItWorks.monitor.title', text: 'pages.howItWorks.monitor.text' },
  { title: 'pages.howItWorks.detect.title', text: 'pages.howItWorks.detect.text' },
  { title: 'pages.howItWorks.report.title', text: 'pages.howItWorks.report.text' },
  { title: 'pages.howItWorks.remember.title', text: 'pages.howItWorks.remember.text' },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works">
      <Title order={2} id="how-it-works" mb="md">
        {t('pages.howItWorks.title')}
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
              {t(step.title)}
            </Title>
            <Text>{t(step.text)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
