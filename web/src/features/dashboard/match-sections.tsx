import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { type Alert, alreadyOnRecord, possibleMatches } from './alerts';
import type { EventListView } from './dashboard-search';
import { byLevel } from './levels';
import { MatchCard } from './match-card';
import type { AlertEvent } from './types';
import { useUserAction } from './use-user-action';

export const DISMISS_FAILED = 'Failed to Dismiss';

/** A list of documents outside the alerts, each dismissed through the archive call. */
function MatchList({
  id,
  title,
  intro,
  empty,
  items: all,
  view,
  highlighted,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  empty: string;
  items: Alert[];
  view: EventListView;
  highlighted: string;
}) {
  const items = byLevel(all, view.level, view.order);
  const dismiss = useUserAction(
    (event: AlertEvent) => api.POST('/api/user/events/archive', { body: { eventId: event.id } }),
    DISMISS_FAILED,
  );
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} id={id}>
        {title}
      </Title>
      {items.length === 0 && all.length > 0 ? (
        <Text c="dimmed">None of this level.</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <Text size="sm">{intro}</Text>
          {items.map((item) => (
            <MatchCard
              key={item.event.id}
              alert={item}
              highlighted={item.event.id === highlighted}
              dismissing={dismiss.isPending && dismiss.variables.id === item.event.id}
              onDismiss={(event) => dismiss.mutate(event)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

/** Possible matches of names set to the morning digest: to check, then dismiss. */
type SectionProps = { user: SessionUser; view: EventListView; highlighted: string };

export function PossibleMatchesSection({ user, view, highlighted }: SectionProps) {
  return (
    <MatchList
      view={view}
      highlighted={highlighted}
      id="possible-heading"
      title="Possible Matches"
      items={possibleMatches(user)}
      intro="These documents name someone who may be you: a common name, or a name that matches only in part. They may well be somebody else, so we send no alert for each; they come in one email each morning instead. Check each one, and dismiss it once you have."
      empty="No possible matches. When a document names someone who may be you (a common name, or a name that matches only in part), it is listed here and in one email the next morning. You can choose for each guarded name below to be alerted at once instead, or not to see them."
    />
  );
}

/** What the check of a new guard found already recorded: never alerted one by one. */
export function AlreadyOnRecordSection({ user, view, highlighted }: SectionProps) {
  return (
    <MatchList
      view={view}
      highlighted={highlighted}
      id="on-record-heading"
      title="Already on Record"
      items={alreadyOnRecord(user)}
      intro="These documents were recorded before you began guarding the item, and found when you did. We sent no alert for each: check that you know of them, and dismiss each once you have."
      empty="Nothing already on record. When you guard a new item, we look through the documents the county has already recorded, and list here any that match it."
    />
  );
}
