import { SegmentedControl, Stack, Text } from '@mantine/core';
import { api } from '../../api/client';
import type { NameSubscription } from './types';
import { useUserAction } from './use-user-action';

type Choice = NameSubscription['possibleMatches'];

export const CHOICE_FAILED = 'Failed to Save Your Choice';

export const CHOICES: { value: Choice; label: string }[] = [
  { value: 'digest', label: 'Daily digest' },
  { value: 'immediately', label: 'Alert me at once' },
  { value: 'hide', label: "Don't show" },
];

const HELP: Record<Choice, string> = {
  digest: 'Listed under Possible Matches, and in one email each morning.',
  immediately: 'Alerted at once, like a sure match.',
  hide: 'Not shown and not emailed.',
};

/**
 * What is done with a guarded name's possible matches (a common name's variants, a surname
 * part, an initial): saved as soon as it is picked, the answer replacing the session user.
 */
export function PossibleMatchesChoice({ subscription }: { subscription: NameSubscription }) {
  const save = useUserAction(
    (choice: Choice) =>
      api.PUT('/api/user/names/{id}/possible-matches', {
        params: { path: { id: subscription.id } },
        body: { possibleMatches: choice },
      }),
    CHOICE_FAILED,
  );
  // While it saves, the control shows what was picked; a failure puts the saved choice back.
  const value = save.isPending ? save.variables : subscription.possibleMatches;
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" fw={700}>
        Possible matches:
      </Text>
      <SegmentedControl
        size="xs"
        data={CHOICES}
        value={value}
        onChange={(choice) => save.mutate(choice as Choice)}
        readOnly={save.isPending}
        aria-label={`Possible matches of ${subscription.name}`}
      />
      <Text size="xs" c="dimmed">
        {HELP[value]}
      </Text>
    </Stack>
  );
}
