import { Badge, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ListItem, V1Paths } from '@custody/sdk';
import { Amount, Id, Loading, When } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { useClient } from '../shared/use-api';

type Delta = ListItem<V1Paths, '/admin/reconciliation/deltas'>;

const ASSET_COLUMNS = [
  'Asset',
  'Addresses',
  'Liabilities',
  'Treasury',
  'Booked',
  'In flight',
  'On chain',
  'Difference',
  "House's own",
] as const;

/**
 * The last reconciliation of the books against the chain (admins): the run, its sums per asset
 * and the custody addresses it found off (docs/decisions/reconciliation.md).
 */
export function ReconciliationPage() {
  const client = useClient();
  const run = useQuery({
    queryKey: ['reconciliation'],
    queryFn: () => client.get('/admin/reconciliation', {}),
    refetchInterval: 15_000,
  });
  const last = run.data;
  return (
    <Stack>
      <PageTitle>Reconciliation</PageTitle>
      <ProblemAlert error={run.error} />
      {run.isPending ? (
        <Loading />
      ) : !last ? null : last.status === 'none' ? (
        <Text data-testid="reconciliation">
          <Badge color="gray">no run</Badge> No reconciliation has run: the chain adapter is manual
          or still starting.
        </Text>
      ) : (
        <>
          <Text data-testid="reconciliation">
            <Badge color={last.status === 'clean' ? 'teal' : 'red'}>{last.status}</Badge>{' '}
            {last.deltaCount} {last.deltaCount === 1 ? 'address' : 'addresses'} off · {last.network}{' '}
            block {last.blockNumber} (head {last.head}) · <When iso={last.checkedAt} />
          </Text>
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Per asset' }}>
            <Table striped withTableBorder>
              <Table.Caption>
                Per asset: the books against the chain at the run’s block
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {ASSET_COLUMNS.map((header) => (
                    <Table.Th key={header} scope="col">
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {last.assets.map((asset) => (
                  <Table.Tr key={asset.assetId} data-row={asset.assetId}>
                    <Table.Td>{asset.assetId}</Table.Td>
                    <Table.Td>{asset.addresses}</Table.Td>
                    <Table.Td>
                      <Amount value={asset.liabilities} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.treasury} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.booked} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.inFlight} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.onChain} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.difference} />
                    </Table.Td>
                    <Table.Td>
                      <Amount value={asset.house} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
      <Title order={2} size="h3">
        Addresses off
      </Title>
      <PagedTable<Delta>
        caption="Custody addresses whose balance the books do not explain (the last run)"
        queryKey={['reconciliation-deltas', last && last.status !== 'none' ? last.id : null]}
        load={(page) => fetchPage(client, '/admin/reconciliation/deltas', {}, { ...page })}
        rowKey={(d) => d.id}
        columns={[
          { header: 'Asset', cell: (d) => d.assetId },
          { header: 'Address', cell: (d) => <Id value={d.address} /> },
          { header: 'Wallet', cell: (d) => <Id value={d.walletId} /> },
          { header: 'Booked', cell: (d) => <Amount value={d.booked} /> },
          { header: 'In flight', cell: (d) => <Amount value={d.inFlight} /> },
          { header: 'On chain', cell: (d) => <Amount value={d.onChain} /> },
          { header: 'Difference', cell: (d) => <Amount value={d.difference} /> },
          { header: 'Liability', cell: (d) => <Amount value={d.liability} /> },
        ]}
      />
    </Stack>
  );
}
