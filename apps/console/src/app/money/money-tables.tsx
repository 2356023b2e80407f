import { Anchor, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListItem, V1Paths } from '@custody/sdk';
import { useSession } from '../session/session';
import {
  INCOME_STATUSES,
  MOVEMENT_SUBTYPES,
  MOVEMENTS,
  TRANSACTION_STATUSES,
  WITHDRAWAL_STATUSES,
} from '../shared/enums';
import { Filters } from '../shared/filters';
import { Amount, Id, When } from '../shared/format';
import { fetchPage, type Query } from '../shared/lists';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { useChange, useClient } from '../shared/use-api';

type Transaction = ListItem<V1Paths, '/users/{user}/wallets/{wallet}/transactions'>;
type Withdrawal = ListItem<V1Paths, '/users/{user}/wallets/{wallet}/withdrawals'>;
type Income = ListItem<V1Paths, '/users/{user}/wallets/{wallet}/incomes'>;
type Transfer = ListItem<V1Paths, '/transfers'>;

/** Which wallet's lists: ids, or `*` for every user or wallet (admins). */
export interface WalletScope {
  user: string;
  wallet: string;
}

const DATES = [
  { name: 'createdAfter', label: 'Created after', type: 'datetime-local' as const },
  { name: 'createdBefore', label: 'Created before', type: 'datetime-local' as const },
];

/** A status as a badge: settled well (teal), badly (red), replaced (gray), or in progress. */
export function Status({ value }: { value: string }) {
  const color =
    value === 'confirmed' || value === 'approved' || value === 'mined'
      ? 'teal'
      : value === 'failed' || value === 'rejected' || value === 'cancelled'
        ? 'red'
        : value === 'replaced'
          ? 'gray'
          : 'blue';
  return <Badge color={color}>{value}</Badge>;
}

export function TransactionsTable({ scope }: { scope: WalletScope }) {
  const client = useClient();
  const [filters, setFilters] = useState<Query>({});
  return (
    <>
      <Filters
        label="Transaction filters"
        onApply={setFilters}
        fields={[
          { name: 'movement', label: 'Movement', options: MOVEMENTS },
          {
            name: 'movementSubtype',
            label: 'Subtype',
            options: MOVEMENT_SUBTYPES,
          },
          {
            name: 'status',
            label: 'Status',
            options: TRANSACTION_STATUSES,
          },
          { name: 'symbol', label: 'Symbol' },
          { name: 'txLog', label: 'Tx log' },
          ...DATES,
        ]}
      />
      <PagedTable<Transaction>
        caption="Transactions, newest first"
        queryKey={['transactions', scope, filters]}
        load={(page) =>
          fetchPage(
            client,
            '/users/{user}/wallets/{wallet}/transactions',
            { ...scope },
            {
              sort: '-createdAt',
              ...filters,
              ...page,
            },
          )
        }
        rowKey={(tx) => tx.id}
        columns={[
          { header: 'Created', cell: (tx) => <When iso={tx.createdAt} /> },
          { header: 'Type', cell: (tx) => `${tx.type} (${tx.movement}, ${tx.movementSubtype})` },
          { header: 'Amount', cell: (tx) => <Amount value={tx.amount} unit={tx.asset.symbol} /> },
          { header: 'Status', cell: (tx) => <Status value={tx.status} /> },
          { header: 'Balance after', cell: (tx) => <Amount value={tx.walletBalance} /> },
          { header: 'Tx hash', cell: (tx) => <Id value={tx.txHash} /> },
          { header: 'Id', cell: (tx) => <Id value={tx.id} /> },
        ]}
      />
    </>
  );
}

type WithdrawalAction = 'broadcast' | 'confirmed' | 'failed' | 'cancelled';

const NEXT_ACTIONS: Record<string, WithdrawalAction[]> = {
  prepared: ['broadcast', 'failed', 'cancelled'],
  broadcast: ['confirmed', 'failed'],
};

const ACTION_LABEL: Record<WithdrawalAction, string> = {
  broadcast: 'Broadcast',
  confirmed: 'Confirm',
  failed: 'Fail',
  cancelled: 'Cancel',
};

/** An admin's step of a withdrawal's lifecycle, with the chain's transaction id or fee. */
function WithdrawalActionModal({
  withdrawal,
  action,
  onClose,
}: {
  withdrawal: Withdrawal;
  action: WithdrawalAction;
  onClose: () => void;
}) {
  const [txId, setTxId] = useState(withdrawal.blockchainTransactionId ?? '');
  const [fee, setFee] = useState('');
  const change = useChange(
    (api, body: { status: WithdrawalAction; blockchainTransactionId?: string; fee?: string }) =>
      api.patch('/admin/withdrawals/{withdrawal}', {
        params: { path: { withdrawal: withdrawal.id } },
        body,
      }),
  );
  return (
    <Modal opened onClose={onClose} title={`${ACTION_LABEL[action]} withdrawal`}>
      <Stack>
        <Text size="sm">
          <Amount value={withdrawal.amount} unit={withdrawal.asset} /> to{' '}
          <Id value={withdrawal.receiverAddress} />
        </Text>
        {action === 'broadcast' && (
          <TextInput
            label="Blockchain transaction id"
            required
            value={txId}
            onChange={(event) => setTxId(event.currentTarget.value)}
          />
        )}
        {action === 'confirmed' && (
          <TextInput
            label="Fee (optional)"
            inputMode="decimal"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
          />
        )}
        <ProblemAlert error={change.error} />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            loading={change.isPending}
            color={action === 'failed' || action === 'cancelled' ? 'red' : undefined}
            onClick={() =>
              change.mutate(
                {
                  status: action,
                  ...(action === 'broadcast' && txId ? { blockchainTransactionId: txId } : {}),
                  ...(action === 'confirmed' && fee ? { fee } : {}),
                },
                { onSuccess: onClose },
              )
            }
          >
            {ACTION_LABEL[action]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function WithdrawalsTable({ scope }: { scope: WalletScope }) {
  const client = useClient();
  const { who } = useSession();
  const [filters, setFilters] = useState<Query>({});
  const [acting, setActing] = useState<{ withdrawal: Withdrawal; action: WithdrawalAction }>();
  return (
    <>
      <Filters
        label="Withdrawal filters"
        onApply={setFilters}
        fields={[
          {
            name: 'status',
            label: 'Status',
            options: WITHDRAWAL_STATUSES,
          },
          { name: 'externalReference', label: 'External reference' },
          ...DATES,
        ]}
      />
      <PagedTable<Withdrawal>
        caption="Withdrawals, newest first"
        queryKey={['withdrawals', scope, filters]}
        load={(page) =>
          fetchPage(
            client,
            '/users/{user}/wallets/{wallet}/withdrawals',
            { ...scope },
            {
              sort: '-createdAt',
              ...filters,
              ...page,
            },
          )
        }
        rowKey={(w) => w.id}
        columns={[
          { header: 'Created', cell: (w) => <When iso={w.createdAt} /> },
          { header: 'Amount', cell: (w) => <Amount value={w.amount} unit={w.asset} /> },
          { header: 'Fee', cell: (w) => <Amount value={w.fee} /> },
          { header: 'Status', cell: (w) => <Status value={w.status} /> },
          { header: 'To', cell: (w) => <Id value={w.receiverAddress} /> },
          {
            header: 'Id',
            cell: (w) => (
              <Anchor
                component={Link}
                to={`/users/${w.userId}/wallets/${w.walletId}/withdrawals/${w.id}`}
              >
                <Id value={w.id} />
              </Anchor>
            ),
          },
          ...(who.isAdmin
            ? [
                {
                  header: 'Actions',
                  cell: (w: Withdrawal) => (
                    <Group gap={4} wrap="nowrap">
                      {(NEXT_ACTIONS[w.status] ?? []).map((action) => (
                        <Button
                          key={action}
                          size="compact-xs"
                          variant="light"
                          onClick={() => setActing({ withdrawal: w, action })}
                        >
                          {ACTION_LABEL[action]}
                        </Button>
                      ))}
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      {acting && (
        <WithdrawalActionModal
          withdrawal={acting.withdrawal}
          action={acting.action}
          onClose={() => setActing(undefined)}
        />
      )}
    </>
  );
}

export function IncomesTable({ scope }: { scope: WalletScope }) {
  const client = useClient();
  const { who } = useSession();
  const [filters, setFilters] = useState<Query>({});
  const settle = useChange((api, args: { id: string; status: 'confirmed' | 'failed' }) =>
    api.patch('/admin/incomes/{income}', {
      params: { path: { income: args.id } },
      body: { status: args.status },
    }),
  );
  return (
    <>
      <Filters
        label="Income filters"
        onApply={setFilters}
        fields={[{ name: 'status', label: 'Status', options: INCOME_STATUSES }, ...DATES]}
      />
      <ProblemAlert error={settle.error} />
      <PagedTable<Income>
        caption="Incomes, newest first"
        queryKey={['incomes', scope, filters]}
        load={(page) =>
          fetchPage(
            client,
            '/users/{user}/wallets/{wallet}/incomes',
            { ...scope },
            {
              sort: '-createdAt',
              ...filters,
              ...page,
            },
          )
        }
        rowKey={(income) => income.id}
        columns={[
          { header: 'Created', cell: (income) => <When iso={income.createdAt} /> },
          { header: 'Amount', cell: (income) => <Amount value={income.amount} /> },
          { header: 'Status', cell: (income) => <Status value={income.status} /> },
          { header: 'From', cell: (income) => <Id value={income.senderAddress} /> },
          { header: 'Chain tx', cell: (income) => <Id value={income.blockchainTransactionId} /> },
          ...(who.isAdmin
            ? [
                {
                  header: 'Actions',
                  cell: (income: Income) =>
                    income.status === 'pending' ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => settle.mutate({ id: income.id, status: 'confirmed' })}
                        >
                          Confirm
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          onClick={() => settle.mutate({ id: income.id, status: 'failed' })}
                        >
                          Fail
                        </Button>
                      </Group>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

export function TransfersTable() {
  const client = useClient();
  const [filters, setFilters] = useState<Query>({});
  return (
    <>
      <Filters
        label="Transfer filters"
        onApply={setFilters}
        fields={[{ name: 'externalReference', label: 'External reference' }]}
      />
      <PagedTable<Transfer>
        caption="Transfers, newest first"
        queryKey={['transfers', filters]}
        load={(page) =>
          fetchPage(client, '/transfers', {}, { sort: '-createdAt', ...filters, ...page })
        }
        rowKey={(t) => t.id}
        columns={[
          { header: 'Created', cell: (t) => <When iso={t.createdAt} /> },
          { header: 'Status', cell: (t) => <Status value={t.status} /> },
          {
            header: 'Legs',
            cell: (t) => (
              <Stack gap={0}>
                {t.requestedTransactions.map((leg, i) => (
                  <Text size="sm" key={i}>
                    <Amount value={leg.amount} unit={leg.assetId} />:{' '}
                    {leg.senderWalletId.slice(0, 8)}… → {leg.receiverWalletId.slice(0, 8)}…
                  </Text>
                ))}
              </Stack>
            ),
          },
          { header: 'External reference', cell: (t) => t.externalReference ?? '—' },
          { header: 'Id', cell: (t) => <Id value={t.id} /> },
        ]}
      />
    </>
  );
}
