import { guardName, MAX_GUARD_NAME_LENGTH } from '@deedwatch/rules';
import type { TextInputProps } from '@mantine/core';
import { Loader, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ChangeEvent } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickHandlers, PickButton } from './guard-button';
import type { GuardName } from './guard-items';
import { ResultsTable, YouEntered } from './results-table';
import type { NameResult } from './search-queries';
import {
  canSearch,
  isSearchIn,
  MAX_SUGGESTIONS,
  nameSearchQueryOptions,
  SEARCH_DEBOUNCE_MS,
} from './search-queries';

/**
 * A name carried by this many recorded documents or more is common in the county: guarding it
 * brings alerts about namesakes. The server's match confidence halves around the same count.
 */
export const COMMON_NAME_DOCUMENT_COUNT = 25;

export function documentCountText(count: number, t: TFunction): string {
  return t('guards.names.documents', { count });
}

/**
 * The typed name, offered first as 'You Entered' when the search did not find it, so a name
 * missing from the index can still be guarded.
 */
export function customNameOffer(term: string, results: readonly NameResult[]): string | null {
  const typed = guardName(term);
  if (typed.length < 2) return null;
  return results.some((r) => guardName(r.name) === typed) ? null : typed;
}

/**
 * A text input whose value is upper-cased as it is typed, with the caret kept where it was:
 * setting the value from state would otherwise move it to the end.
 */
function UpperCaseInput({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<[number | null, number | null] | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    const selection = caret.current;
    caret.current = null;
    if (!input || !selection || document.activeElement !== input) return;
    const [start, end] = selection;
    if (start !== null) input.setSelectionRange(start, end);
  }, [value]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    caret.current = [selectionStart, selectionEnd];
    onValueChange(event.currentTarget.value.toUpperCase());
  };

  return <TextInput {...props} ref={ref} value={value} onChange={onChange} />;
}

export function NamePicker({
  county,
  ...actions
}: {
  /** The county picked in step 1; the search waits for it. */
  county: string | null;
} & PickHandlers<GuardName>) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const searchable = canSearch(county, term);
  const search = useQuery({
    ...nameSearchQueryOptions(county ?? '', term.trim()),
    enabled: searchable,
    // The last results stay while the next term is searched, but never another county's.
    placeholderData: (previous, previousQuery) =>
      isSearchIn(previousQuery?.queryKey, county, 'name') ? previous : undefined,
  });

  const found = searchable ? (search.data ?? []) : [];
  const settled = searchable && !search.isFetching;
  const custom = settled ? customNameOffer(term, found) : null;
  // 'You Entered' counts towards the 10 rows shown.
  const results = found.slice(0, custom === null ? MAX_SUGGESTIONS : MAX_SUGGESTIONS - 1);
  const button = (item: GuardName) => <PickButton item={item} label={item.name} {...actions} />;

  return (
    <Stack gap="xs">
      <UpperCaseInput
        label={t('guards.names.label')}
        description={t('guards.names.description')}
        placeholder="SMITH JOHN"
        autoComplete="off"
        maxLength={MAX_GUARD_NAME_LENGTH}
        disabled={county === null}
        value={value}
        onValueChange={setValue}
        rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
      />
      <VisuallyHidden role="status">
        {settled ? t('guards.names.found', { count: results.length }) : ''}
      </VisuallyHidden>
      {(custom !== null || results.length > 0) && county !== null && (
        <ResultsTable label={t('guards.names.table')} heading={t('guards.names.heading')}>
          {custom !== null && (
            <Table.Tr>
              <Table.Td>
                <YouEntered value={custom} />
              </Table.Td>
              <Table.Td>{button({ county, name: custom })}</Table.Td>
            </Table.Tr>
          )}
          {results.map((result) => (
            <Table.Tr key={result.name}>
              <Table.Td>
                <Text fw={700}>{result.name}</Text>
                <Text size="sm" c="dimmed">
                  {documentCountText(result.documentCount, t)}
                </Text>
                {result.documentCount >= COMMON_NAME_DOCUMENT_COUNT && (
                  <Text size="sm" c="orange.9" fw={500}>
                    {t('guards.names.common')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{button({ county, name: result.name })}</Table.Td>
            </Table.Tr>
          ))}
        </ResultsTable>
      )}
    </Stack>
  );
}
