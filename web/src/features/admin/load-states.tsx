import { Alert, Box, Button, Center, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListFooter, useShownPage } from './list-controls';
import type { PageSize } from './paging';

/** A list or panel still loading. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="lg">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/**
 * A list or panel that failed to load, with a way to ask again. Neutral, not red: red belongs
 * to the error toasts and banners, and some of these failures raise none.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="gray" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Whether a query failed because the server answered 404 (its error is the answer's body). */
const answeredNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 404;

/**
 * A query that has no data to show yet: the loader while it runs, else why it failed, with Try
 * Again; or, given `notFound` and answered 404, that what it asked for is not there (asking
 * again would not help). The caller shows the data once the query succeeds.
 */
export function NotLoaded({
  query,
  loadingLabel,
  failedTitle,
  failedMessage,
  notFound,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
  loadingLabel: string;
  failedTitle: string;
  failedMessage: string;
  notFound?: { title: string; message: string };
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (notFound && answeredNotFound(query.error))
    return (
      <Alert color="gray" variant="light" title={notFound.title}>
        <Text size="sm">{notFound.message}</Text>
      </Alert>
    );
  return (
    <LoadFailed title={failedTitle} message={failedMessage} onRetry={() => void query.refetch()} />
  );
}

/**
 * A list the server pages (users, cases): why it failed, above what it last showed; a loader until
 * the first page comes; then the page (`children`), under an overlay while the next one loads,
 * and the pager below.
 */
export function PagedList({
  query,
  loadingLabel,
  failedTitle,
  failedMessage,
  page,
  size,
  total,
  onPage,
  children,
}: {
  query: {
    data: unknown;
    isError: boolean;
    isPending: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => Promise<unknown>;
  };
  loadingLabel: string;
  failedTitle: string;
  failedMessage: string;
  page: number;
  size: PageSize;
  total: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  // The total of the page asked for, not of the one shown while it loads.
  const known = Boolean(query.data) && !query.isPlaceholderData;
  const shown = useShownPage({ page, size, total, known, onPage });
  return (
    <>
      {query.isError && (
        <LoadFailed
          title={failedTitle}
          message={failedMessage}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isPending && !query.isError ? (
        <Loading label={loadingLabel} />
      ) : !query.data ? null : (
        <Box pos="relative">
          <LoadingOverlay visible={query.isFetching} overlayProps={{ blur: 1 }} />
          {children}
        </Box>
      )}
      {query.data ? <ListFooter page={shown} size={size} total={total} onPage={onPage} /> : null}
    </>
  );
}
