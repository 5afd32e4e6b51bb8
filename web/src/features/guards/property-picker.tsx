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
import { useState } from 'react';
import type { County } from '../counties/counties-query';
import { formatApn, isCompleteApn } from './apn-mask';
import { GuardButton } from './guard-button';
import type { GuardApn } from './guard-items';
import { addressOrUnknown, apnKey } from './guard-items';
import { ResultsScroller } from './results-scroller';
import type { ParcelResult, ParcelSearchBy } from './search-queries';
import { canSearch, parcelSearchQueryOptions, SEARCH_DEBOUNCE_MS } from './search-queries';

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
 * every parcel is in the index (spec §1), and it can still be guarded.
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
  { label: 'APN', value: 'apn' },
  { label: 'Address', value: 'address' },
] satisfies { label: string; value: ParcelSearchBy }[];

export function PropertyPicker({
  county,
  isGuarded,
  onGuard,
}: {
  /** The county picked in step 1, with its APN mask; the search waits for it. */
  county: County | null;
  isGuarded: (item: GuardApn) => boolean;
  onGuard: (item: GuardApn) => void;
}) {
  const [by, setBy] = useState<ParcelSearchBy>('apn');
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const countyName = county?.name ?? null;
  const searchable = canSearch(countyName, term);
  const search = useQuery({
    ...parcelSearchQueryOptions(by, countyName ?? '', term.trim()),
    enabled: searchable,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === by && previousQuery.queryKey[2] === countyName
        ? previous
        : undefined,
  });

  const results = searchable ? (search.data ?? []) : [];
  const settled = searchable && !search.isFetching;
  const custom =
    settled && by === 'apn' && county ? customApnOffer(term, county.mask, results) : null;

  const changeBy = (next: string) => {
    setBy(next as ParcelSearchBy);
    setValue('');
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Search by"
        data={searchByOptions}
        value={by}
        onChange={changeBy}
        disabled={county === null}
      />
      {by === 'apn' ? (
        <TextInput
          key="apn"
          label="APN"
          description={county ? `Assessor's parcel number, like ${county.format}` : undefined}
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
          key="address"
          label="Address"
          description="The street address: house number and street"
          placeholder="123 MAIN ST"
          autoComplete="off"
          disabled={county === null}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        />
      )}
      <VisuallyHidden role="status">
        {settled ? `${results.length} properties found` : ''}
      </VisuallyHidden>
      {(custom !== null || results.length > 0) && countyName !== null && (
        <ResultsScroller>
          <Table aria-label="Properties found" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Property</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {custom !== null && (
                <Table.Tr>
                  <Table.Td>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      You Entered
                    </Text>
                    <Text fw={700}>{custom}</Text>
                    <Text size="sm" c="dimmed">
                      Address {addressOrUnknown('')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <GuardButton
                      label={`APN ${custom}`}
                      guarded={isGuarded({ county: countyName, apn: custom, description: '' })}
                      onGuard={() => onGuard({ county: countyName, apn: custom, description: '' })}
                    />
                  </Table.Td>
                </Table.Tr>
              )}
              {results.map((result) => {
                const item = parcelToGuard(result, countyName);
                return (
                  <Table.Tr key={result.apn}>
                    <Table.Td>
                      <Text fw={700}>{result.apn}</Text>
                      <Text size="sm">{addressOrUnknown(item.description)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <GuardButton
                        label={`APN ${result.apn}`}
                        guarded={isGuarded(item)}
                        onGuard={() => onGuard(item)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ResultsScroller>
      )}
    </Stack>
  );
}
