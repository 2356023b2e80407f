import { Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSession } from '../session/session';
import { PageTitle } from '../shared/page-title';
import {
  IncomesTable,
  TransactionsTable,
  TransfersTable,
  type WalletScope,
  WithdrawalsTable,
} from './money-tables';

/** The wallet whose withdrawals, incomes and transactions are listed; `*` (admins) for all. */
function ScopePicker({
  scope,
  onChange,
}: {
  scope: WalletScope;
  onChange: (s: WalletScope) => void;
}) {
  const [draft, setDraft] = useState(scope);
  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ user: draft.user.trim() || '*', wallet: draft.wallet.trim() || '*' });
  }
  return (
    <form onSubmit={submit} aria-label="Wallet to list">
      <Group align="end" mb="sm" wrap="wrap">
        <TextInput
          label="User id"
          value={draft.user}
          onChange={(event) => setDraft({ ...draft, user: event.currentTarget.value })}
        />
        <TextInput
          label="Wallet id"
          value={draft.wallet}
          onChange={(event) => setDraft({ ...draft, wallet: event.currentTarget.value })}
        />
        <Button type="submit" variant="light">
          Show
        </Button>
      </Group>
    </form>
  );
}

export function MoneyPage() {
  const { who } = useSession();
  const [scope, setScope] = useState<WalletScope>({ user: '*', wallet: '*' });
  const walletLists = who.isAdmin || (scope.user !== '*' && scope.wallet !== '*');
  return (
    <Stack>
      <PageTitle>Money</PageTitle>
      <Tabs defaultValue="transfers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
          <Tabs.Tab value="withdrawals">Withdrawals</Tabs.Tab>
          <Tabs.Tab value="incomes">Incomes</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers" pt="sm">
          <TransfersTable />
        </Tabs.Panel>
        {(['withdrawals', 'incomes', 'transactions'] as const).map((tab) => (
          <Tabs.Panel value={tab} pt="sm" key={tab}>
            <ScopePicker scope={scope} onChange={setScope} />
            {!walletLists ? (
              <Text>Give a user and a wallet (or open a wallet from Users).</Text>
            ) : tab === 'withdrawals' ? (
              <WithdrawalsTable scope={scope} />
            ) : tab === 'incomes' ? (
              <IncomesTable scope={scope} />
            ) : (
              <TransactionsTable scope={scope} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
