import { Anchor, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { V1Paths } from '@custody/sdk';
import { useSession } from '../session/session';
import { Amount, Gwei, Id, Loading, When } from '../shared/format';
import { PageTitle } from '../shared/page-title';
import { ProblemAlert } from '../shared/problem';
import { RecordTable } from '../shared/record';
import { useChange, useClient } from '../shared/use-api';
import { Status } from './money-tables';

type Withdrawal =
  V1Paths['/users/{user}/wallets/{wallet}/withdrawals/{withdrawal}']['get']['responses'][200]['content']['application/json'];
type Attempt = NonNullable<Withdrawal['attempts']>[number];
type Replacement = 'speed-up' | 'cancel';

/**
 * Statuses a withdrawal leaves by itself (sent, mined, sped up by the adapter after
 * EVM_SPEED_UP_AFTER_MS): the page follows them; a settled one changes no more.
 */
const MOVING = new Set<Withdrawal['status']>(['prepared', 'broadcast']);
const FOLLOW_MS = 5_000;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const REPLACEMENT: Record<Replacement, { title: string; confirm: string }> = {
  'speed-up': { title: 'Speed up withdrawal', confirm: 'Speed up' },
  cancel: { title: 'Cancel withdrawal', confirm: 'Cancel withdrawal' },
};

/** What a speed-up or a cancel does, said before it is sent (it cannot be taken back). */
function ReplacementText({ kind, withdrawal }: { kind: Replacement; withdrawal: Withdrawal }) {
  const nonce = withdrawal.attempts?.[0]?.nonce;
  const at = nonce === undefined ? 'at its nonce' : `at its nonce (${nonce})`;
  return kind === 'speed-up' ? (
    <Text size="sm">
      Sends the same payment again {at} with fees at least 12.5 % higher, within the fee cap its
      policy decision bound. Whichever of its transactions is mined settles the withdrawal, and its
      fee is booked once. For the native coin the wallet’s hold grows to cover the higher fee.
    </Text>
  ) : (
    <Text size="sm">
      Replaces the payment {at} with a zero-value transfer of the wallet’s address to itself, with
      higher fees. Once it is mined the withdrawal is failed and the funds stay in the wallet, less
      the cancel’s network fee (paid by the wallet for the native coin, by the house for a token).
      If the payment is mined first, the withdrawal is confirmed instead.
    </Text>
  );
}

function ReplacementModal({
  kind,
  withdrawal,
  onClose,
}: {
  kind: Replacement;
  withdrawal: Withdrawal;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const path = { params: { path: { withdrawal: withdrawal.id } } };
  const replace = useChange((api) =>
    kind === 'speed-up'
      ? api.post('/admin/withdrawals/{withdrawal}/speed-up', path)
      : api.post('/admin/withdrawals/{withdrawal}/cancel', path),
  );
  return (
    <Modal opened onClose={onClose} title={REPLACEMENT[kind].title}>
      <Stack>
        <Text size="sm">
          <Amount value={withdrawal.amount} unit={withdrawal.asset} /> to{' '}
          <Id value={withdrawal.receiverAddress} />
        </Text>
        <ReplacementText kind={kind} withdrawal={withdrawal} />
        <ProblemAlert error={replace.error} title="Refused" />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            color={kind === 'cancel' ? 'red' : undefined}
            loading={replace.isPending}
            onClick={() =>
              replace.mutate(undefined, {
                onSuccess: onClose,
                // A refusal may come from a change the page has not seen (mined meanwhile).
                onError: () => void queryClient.invalidateQueries({ queryKey: ['withdrawal'] }),
              })
            }
          >
            {REPLACEMENT[kind].confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AttemptsTable({ attempts }: { attempts: Attempt[] }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Attempts' }}>
      <Table striped withTableBorder>
        <Table.Caption>Transactions sent at its nonce, oldest first</Table.Caption>
        {/* One line per attempt (long hashes: scrolled sideways); the caption wraps. */}
        <Table.Thead style={NO_WRAP}>
          <Table.Tr>
            {['Sent', 'Kind', 'Status', 'Nonce', 'Max fee per gas', 'Max tip per gas', 'Hash'].map(
              (header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={NO_WRAP}>
          {attempts.map((a) => (
            <Table.Tr key={a.hash} data-row={a.hash}>
              <Table.Td>
                <When iso={a.createdAt} />
              </Table.Td>
              <Table.Td>{a.kind}</Table.Td>
              <Table.Td>
                <Status value={a.status} />
              </Table.Td>
              <Table.Td>{a.nonce}</Table.Td>
              <Table.Td>
                <Gwei wei={a.maxFeePerGas} />
              </Table.Td>
              <Table.Td>
                <Gwei wei={a.maxPriorityFeePerGas} />
              </Table.Td>
              <Table.Td>
                <Id value={a.hash} />
              </Table.Td>
            </Table.Tr>
          ))}
          {attempts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>None: no chain adapter sent it.</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * A withdrawal: its record, the transactions the chain adapter sent at its nonce, and for
 * admins the speed-up and cancel of one broadcast and not mined yet.
 */
export function WithdrawalPage() {
  const { userId = '', walletId = '', withdrawalId = '' } = useParams();
  const client = useClient();
  const { who } = useSession();
  const [acting, setActing] = useState<Replacement>();
  // Spins for the operator's own refresh only, not for the page's reads every FOLLOW_MS.
  const [refreshing, setRefreshing] = useState(false);
  const withdrawal = useQuery({
    queryKey: ['withdrawal', userId, walletId, withdrawalId],
    queryFn: () =>
      client.get('/users/{user}/wallets/{wallet}/withdrawals/{withdrawal}', {
        params: { path: { user: userId, wallet: walletId, withdrawal: withdrawalId } },
      }),
    refetchInterval: (query) =>
      query.state.data && MOVING.has(query.state.data.status) ? FOLLOW_MS : false,
  });
  if (withdrawal.isPending) return <Loading />;
  if (withdrawal.error) return <ProblemAlert error={withdrawal.error} />;
  const w = withdrawal.data;
  const { attempts = [], ...record } = w;
  return (
    <Stack>
      <PageTitle>{`Withdrawal of ${w.amount} ${w.asset}`}</PageTitle>
      <Group gap="lg" wrap="wrap" data-testid="withdrawal">
        <Status value={w.status} />
        <Text size="sm">
          To <Id value={w.receiverAddress} />
        </Text>
        <Text size="sm">
          Fee <Amount value={w.fee} unit={w.asset} />
        </Text>
        <Text size="sm">
          Updated <When iso={w.updatedAt} />
        </Text>
        <Anchor component={Link} to={`/users/${w.userId}/wallets/${w.walletId}`} size="sm">
          Its wallet
        </Anchor>
      </Group>
      <Group gap="sm">
        <Button
          variant="default"
          loading={refreshing}
          onClick={() => {
            setRefreshing(true);
            void withdrawal.refetch().finally(() => setRefreshing(false));
          }}
        >
          Refresh
        </Button>
        {who.isAdmin && w.status === 'broadcast' && (
          <>
            <Button variant="light" onClick={() => setActing('speed-up')}>
              Speed up
            </Button>
            <Button variant="light" color="red" onClick={() => setActing('cancel')}>
              Cancel
            </Button>
          </>
        )}
      </Group>
      <Title order={2} size="h3">
        Attempts
      </Title>
      <AttemptsTable attempts={attempts} />
      <Title order={2} size="h3">
        Record
      </Title>
      <RecordTable caption="The withdrawal as the API returns it" record={record} />
      {acting && (
        <ReplacementModal kind={acting} withdrawal={w} onClose={() => setActing(undefined)} />
      )}
    </Stack>
  );
}
