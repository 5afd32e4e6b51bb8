import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusWhenReady } from '../../components/focus-when-ready';
import { eventCardId } from './match-card';

/** How many cards a list of events shows at first, and how many more each Show More adds. */
export const PAGE_SIZE = 20;

/**
 * The first cards of a list of events, PAGE_SIZE more at each `showMore`: a subscriber with
 * hundreds of alerts still reaches what is below the list. The card an alert's link names
 * (`highlighted`) is always among those shown. Show More moves focus to the first card it adds,
 * since the button may go with it.
 */
export function usePaged<T extends { event: { id: string } }>(items: T[], highlighted: string) {
  const [pages, setPages] = useState(1);
  const focusWhenReady = useFocusWhenReady();
  const at = highlighted ? items.findIndex((item) => item.event.id === highlighted) : -1;
  const count = Math.max(pages * PAGE_SIZE, at + 1);
  const shown = items.slice(0, count);
  const showMore = () => {
    const first = items[count];
    setPages(Math.ceil(count / PAGE_SIZE) + 1);
    if (first) focusWhenReady(() => document.getElementById(eventCardId(first.event.id)));
  };
  return { shown, total: items.length, showMore };
}

/** How many of the list's cards are shown, and the button that shows more; nothing when all are. */
export function ShowMore({
  shown,
  total,
  label,
  onShowMore,
}: {
  shown: number;
  total: number;
  /** What the list is, for the button's name: "Show 20 More" alone would not say of what. */
  label: string;
  onShowMore: () => void;
}) {
  const { t } = useTranslation();
  if (shown >= total) return null;
  const number = Math.min(PAGE_SIZE, total - shown);
  return (
    <Group gap="sm">
      <Button
        variant="default"
        size="xs"
        onClick={onShowMore}
        aria-label={t('dashboard.list.showMoreOf', { list: label, number })}
      >
        {t('dashboard.list.showMore', { number })}
      </Button>
      <Text size="sm" c="gray.7">
        {t('dashboard.list.showing', { shown, total })}
      </Text>
    </Group>
  );
}
