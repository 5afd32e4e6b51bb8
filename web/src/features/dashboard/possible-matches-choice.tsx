import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { NameSubscription } from './types';
import { useUserAction } from './use-user-action';

type Choice = NameSubscription['possibleMatches'];

export const CHOICES = [
  { value: 'digest', label: 'dashboard.choice.digest' },
  { value: 'immediately', label: 'dashboard.choice.immediately' },
  { value: 'hide', label: 'dashboard.choice.hide' },
] as const satisfies { value: Choice; label: string }[];

const HELP = {
  digest: 'dashboard.choice.digestHelp',
  immediately: 'dashboard.choice.immediatelyHelp',
  hide: 'dashboard.choice.hideHelp',
} as const satisfies Record<Choice, string>;

/**
 * What is done with a guarded name's possible matches (a common name's variants, a surname
 * part, an initial): saved as soon as it is picked, the answer replacing the session user.
 */
export function PossibleMatchesChoice({ subscription }: { subscription: NameSubscription }) {
  const { t } = useTranslation();
  const save = useUserAction(
    (choice: Choice) =>
      api.PUT('/api/user/names/{id}/possible-matches', {
        params: { path: { id: subscription.id } },
        body: { possibleMatches: choice },
      }),
    t('dashboard.choice.failed'),
  );
  // On a phone the choices stack: side by side, the Spanish ones are wider than a card there.
  const narrow = useMediaQuery('(max-width: 36em)');
  // While it saves, the control shows what was picked; a failure puts the saved choice back.
  const value = save.isPending ? save.variables : subscription.possibleMatches;
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" fw={700}>
        {t('dashboard.choice.label')}
      </Text>
      <SegmentedControl
        size="xs"
        data={CHOICES.map(({ value, label }) => ({ value, label: t(label) }))}
        value={value}
        onChange={(choice) => save.mutate(choice as Choice)}
        readOnly={save.isPending}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        aria-label={t('dashboard.choice.ariaLabel', { name: subscription.name })}
      />
      <Text size="xs" c="gray.7">
        {t(HELP[value])}
      </Text>
    </Stack>
  );
}
