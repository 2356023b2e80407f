import { Button, Group, NativeSelect, ScrollArea, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Page } from './lists';
import { ProblemAlert } from './problem';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface PagedTableProps<T> {
  /** What the table lists (its caption, read by screen readers). */
  caption: string;
  /** The list's identity: a new key (new filters) starts again at the first page. */
  queryKey: readonly unknown[];
  load: (page: { limit: string; after?: string }) => Promise<Page<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Page sizes offered (the first is the default). */
  pageSizes?: number[];
}

/**
 * A list page by page along the API's cursors (`Link` rel="next"): Next follows the cursor,
 * Previous goes back along the ones followed. The total is the API's `X-Total-Count`.
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const sizes = props.pageSizes ?? [50, 200, 1000];
  const [size, setSize] = useState(String(sizes[0] ?? 50));
  const [trail, setTrail] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: '',
    cursors: [undefined],
  });
  const key = JSON.stringify([props.queryKey, size]);
  // New filters or a new page size: back to the first page.
  const cursors = trail.key === key ? trail.cursors : [undefined];
  const after = cursors[cursors.length - 1];
  const index = cursors.length - 1;
  const query = useQuery({
    queryKey: [...props.queryKey, size, after ?? null],
    // Each page knows its place: while the next one loads, the previous stays shown, numbered
    // as itself.
    queryFn: async () => ({
      ...(await props.load({ limit: size, ...(after ? { after } : {}) })),
      index,
    }),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const offset = page ? page.index * Number(size) : 0;
  const from = page && page.items.length > 0 ? offset + 1 : 0;
  const to = page ? offset + page.items.length : 0;

  return (
    <div>
      <ProblemAlert error={query.error} />
      {/* Focusable, so that a keyboard can scroll a table wider than the screen. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': props.caption }}>
        <Table striped highlightOnHover withTableBorder aria-busy={query.isFetching}>
          <Table.Caption>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.items.map((row) => (
              <Table.Tr key={props.rowKey(row)} data-row={props.rowKey(row)}>
                {props.columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {page && page.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>Nothing to show.</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {query.isPending
            ? 'Loading…'
            : `${from}–${to}${
                page?.total !== null && page?.total !== undefined
                  ? ` of ${page.totalIsLowerBound ? 'at least ' : ''}${page.total}`
                  : ''
              }`}
        </Text>
        <Group gap="xs">
          <NativeSelect
            aria-label="Rows per page"
            data={sizes.map(String)}
            value={size}
            onChange={(event) => setSize(event.currentTarget.value)}
          />
          <Button variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
            Refresh
          </Button>
          <Button
            variant="default"
            disabled={cursors.length <= 1}
            onClick={() => setTrail({ key, cursors: cursors.slice(0, -1) })}
          >
            Previous
          </Button>
          <Button
            variant="default"
            disabled={!page?.next || query.isPlaceholderData}
            onClick={() => page?.next && setTrail({ key, cursors: [...cursors, page.next] })}
          >
            Next
          </Button>
        </Group>
      </Group>
    </div>
  );
}
