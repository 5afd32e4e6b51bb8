import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/types';
import { type Alert, alreadyOnRecord, possibleMatches } from './alerts';
import type { EventListView } from './dashboard-search';
import { byLevel } from './levels';
import { MatchCard } from './match-card';
import { ShowMore, usePaged } from './paged-list';
import { useArchiveMovingFocus } from './use-archive';

/**
 * A list of documents outside the alerts, each dismissed through the archive call; the first
 * PAGE_SIZE, then more at each Show More.
 */
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
  const { t } = useTranslation();
  const items = byLevel(all, view.level, view.order);
  const page = usePaged(items, highlighted);
  // The dismissed card takes its Dismiss button: focus goes to the next card (or the one before),
  // or to the heading when none is left.
  const dismiss = useArchiveMovingFocus(
    items.map((item) => item.event.id),
    t('dashboard.match.dismissFailed'),
    () => document.getElementById(id),
  );
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} id={id} tabIndex={-1}>
        {title}
      </Title>
      {items.length === 0 && all.length > 0 ? (
        <Text c="gray.7">{t('dashboard.match.noneOfLevel')}</Text>
      ) : items.length === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <>
          <Text size="sm">{intro}</Text>
          {page.shown.map((item) => (
            <MatchCard
              key={item.event.id}
              alert={item}
              highlighted={item.event.id === highlighted}
              dismissing={dismiss.pendingId === item.event.id}
              onDismiss={dismiss.run}
            />
          ))}
          <ShowMore
            shown={page.shown.length}
            total={page.total}
            label={title}
            onShowMore={page.showMore}
          />
        </>
      )}
    </Stack>
  );
}

/** Possible matches of names set to the morning digest: to check, then dismiss. */
type SectionProps = { user: SessionUser; view: EventListView; highlighted: string };

export function PossibleMatchesSection({ user, view, highlighted }: SectionProps) {
  const { t } = useTranslation();
  return (
    <MatchList
      view={view}
      highlighted={highlighted}
      id="possible-heading"
      title={t('dashboard.possible.title')}
      items={possibleMatches(user)}
      intro={t('dashboard.possible.intro')}
      empty={t('dashboard.possible.empty')}
    />
  );
}

/** What the check of a new guard found already recorded: never alerted one by one. */
export function AlreadyOnRecordSection({ user, view, highlighted }: SectionProps) {
  const { t } = useTranslation();
  return (
    <MatchList
      view={view}
      highlighted={highlighted}
      id="on-record-heading"
      title={t('dashboard.onRecord.title')}
      items={alreadyOnRecord(user)}
      intro={t('dashboard.onRecord.intro')}
      empty={t('dashboard.onRecord.empty')}
    />
  );
}
