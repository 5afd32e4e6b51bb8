import { apnKey } from '@deedwatch/rules';
import {
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { County } from '../../api/types';
import { formatApn, isCompleteApn } from './apn-mask';
import { type PickHandlers, PickButton } from './guard-button';
import type { GuardApn } from './guard-items';
import { addressOrUnknown } from './guard-items';
import { ResultsTable, YouEntered } from './results-table';
import type { ParcelResult, ParcelSearchBy } from './search-queries';
import {
  canSearch,
  isSearchIn,
  MAX_SUGGESTIONS,
  parcelSearchQueryOptions,
  SEARCH_DEBOUNCE_MS,
} from './search-queries';

/** A search result as a property to guard: its address is the full one, city and zip included. */
export function parcelToGuard(result: ParcelResult, county: string): GuardApn {
  const description = [result.address, result.cityStateZip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return { county, apn: result.apn, description };
}

/**
 * A complete APN the search did not find, offered as 'You Entered' with an unknown address: not
 * every parcel is in the index, and it can still be guarded.
 */
export function customApnOffer(
  apn: string,
  mask: string,
  results: readonly ParcelResult[],
): string | null {
  if (!isCompleteApn(apn, mask)) return null;
  return results.some((r) => apnKey(r.apn) === apnKey(apn)) ? null : apn;
}

const searchByOptions = [
  { label: 'guards.properties.byApn', value: 'apn' },
  { label: 'guards.properties.byAddress', value: 'address' },
  { label: 'guards.properties.byStreet', value: 'street' },
] as const satisfies { label: string; value: ParcelSearchBy }[];

/**
 * The free-text ways of finding a property, their words by catalog key (the placeholders are
 * records as the index writes them, in any language); the APN has its own input, formatted by
 * the mask.
 */
const textInputs = {
  address: {
    label: 'guards.properties.address',
    description: 'guards.properties.addressDescription',
    placeholder: '123 MAIN ST',
  },
  street: {
    label: 'guards.properties.street',
    description: 'guards.properties.streetDescription',
    placeholder: 'MAIN ST',
  },
} as const satisfies Record<Exclude<ParcelSearchBy, 'apn'>, Record<string, string>>;

export function PropertyPicker({
  county,
  ...actions
}: {
  /** The county picked in step 1, with its APN mask; the search waits for it. */
  county: County | null;
} & PickHandlers<GuardApn>) {
  const { t } = useTranslation();
  const [by, setBy] = useState<ParcelSearchBy>('apn');
  const [value, setValue] = useState('');
  // The mode is debounced with the term: a term typed for one mode is never sent to another.
  const typed = useMemo(() => ({ by, value }), [by, value]);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const term = debounced.by === by ? debounced.value : '';
  const countyName = county?.name ?? null;
  const searchable = canSearch(countyName, term);
  const search = useQuery({
    ...parcelSearchQueryOptions(by, countyName ?? '', term.trim()),
    enabled: searchable,
    placeholderData: (previous, previousQuery) =>
      isSearchIn(previousQuery?.queryKey, countyName, by) ? previous : undefined,
  });

  const found = searchable ? (search.data ?? []) : [];
  const settled = searchable && !search.isFetching;
  const custom =
    settled && by === 'apn' && county ? customApnOffer(term, county.mask, found) : null;
  // 'You Entered' counts towards the 10 rows shown.
  const results = found.slice(0, custom === null ? MAX_SUGGESTIONS : MAX_SUGGESTIONS - 1);
  const button = (item: GuardApn) => (
    <PickButton
      item={item}
      label={t('guards.properties.apnItem', { apn: item.apn })}
      {...actions}
    />
  );

  const changeBy = (next: string) => {
    setBy(next as ParcelSearchBy);
    setValue('');
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('guards.properties.searchBy')}
        data={searchByOptions.map(({ label, value }) => ({ label: t(label), value }))}
        value={by}
        onChange={changeBy}
        disabled={county === null}
      />
      {by === 'apn' ? (
        <TextInput
          key="apn"
          label={t('guards.properties.apn')}
          description={
            county ? t('guards.properties.apnDescription', { format: county.format }) : undefined
          }
          placeholder={county?.format}
          autoComplete="off"
          inputMode={county?.mask.includes('a') ? 'text' : 'numeric'}
          disabled={county === null}
          value={value}
          onChange={(event) =>
            setValue(county ? formatApn(event.currentTarget.value, county.mask) : '')
          }
          rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        />
      ) : (
        <TextInput
          key={by}
          label={t(textInputs[by].label)}
          description={t(textInputs[by].description)}
          placeholder={textInputs[by].placeholder}
          autoComplete="off"
          disabled={county === null}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        />
      )}
      <VisuallyHidden role="status">
        {settled ? t('guards.properties.found', { count: results.length }) : ''}
      </VisuallyHidden>
      {(custom !== null || results.length > 0) && countyName !== null && (
        <ResultsTable label={t('guards.properties.table')} heading={t('guards.properties.heading')}>
          {custom !== null && (
            <Table.Tr>
              <Table.Td>
                <YouEntered value={custom} />
                <Text size="sm" c="dimmed">
                  {t('guards.properties.addressUnknown')}
                </Text>
              </Table.Td>
              <Table.Td>{button({ county: countyName, apn: custom, description: '' })}</Table.Td>
            </Table.Tr>
          )}
          {results.map((result) => {
            const item = parcelToGuard(result, countyName);
            return (
              <Table.Tr key={result.apn}>
                <Table.Td>
                  <Text fw={700}>{result.apn}</Text>
                  <Text size="sm">{addressOrUnknown(item.description, t)}</Text>
                </Table.Td>
                <Table.Td>{button(item)}</Table.Td>
              </Table.Tr>
            );
          })}
        </ResultsTable>
      )}
    </Stack>
  );
}
