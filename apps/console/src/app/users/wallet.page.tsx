import { Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { IncomesTable, TransactionsTable, WithdrawalsTable } from '../money/money-tables';
import { Amount, Id, When, Loading } from '../shared/format';
import { PageTitle } from '../shared/page-title';
import { ProblemAlert } from '../shared/problem';
import { useClient } from '../shared/use-api';

function Figure({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {children}
      </Text>
    </Paper>
  );
}

export function WalletPage() {
  const { userId = '', walletId = '' } = useParams();
  const client = useClient();
  const wallet = useQuery({
    queryKey: ['wallet', userId, walletId],
    queryFn: () =>
      client.get('/users/{user}/wallets/{wallet}', {
        params: { path: { user: userId, wallet: walletId } },
      }),
  });
  if (wallet.isPending) return <Loading />;
  if (wallet.error) return <ProblemAlert error={wallet.error} />;
  const w = wallet.data;
  const scope = { user: userId, wallet: walletId };
  return (
    <Stack>
      <PageTitle>{`${w.asset.symbol} wallet`}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Figure label="Balance" testId="balance">
          <Amount value={w.balance} unit={w.asset.symbol} />
        </Figure>
        <Figure label="Available balance" testId="available-balance">
          <Amount value={w.availableBalance} unit={w.asset.symbol} />
        </Figure>
      </SimpleGrid>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Address <Id value={w.address} />
        </Text>
        <Text size="sm">
          Id <Id value={w.id} />
        </Text>
        <Text size="sm">
          Created <When iso={w.createdAt} />
        </Text>
      </Group>
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="withdrawals">Withdrawals</Tabs.Tab>
          <Tabs.Tab value="incomes">Incomes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions" pt="sm">
          <TransactionsTable scope={scope} />
        </Tabs.Panel>
        <Tabs.Panel value="withdrawals" pt="sm">
          <WithdrawalsTable scope={scope} />
        </Tabs.Panel>
        <Tabs.Panel value="incomes" pt="sm">
          <IncomesTable scope={scope} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
