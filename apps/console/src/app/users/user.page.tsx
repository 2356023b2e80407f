import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ListItem, V1Paths } from '@custody/sdk';
import { may } from '../session/who';
import { useSession } from '../session/session';
import { Amount, Id, When, Loading } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { RecordTable } from '../shared/record';
import { useChange, useClient } from '../shared/use-api';
import { userName } from './users.page';

type Wallet = ListItem<V1Paths, '/users/{user}/wallets'>;

export function UserPage() {
  const { userId = '' } = useParams();
  const client = useClient();
  const { who } = useSession();
  const user = useQuery({
    queryKey: ['user', userId],
    queryFn: () => client.get('/users/{user}', { params: { path: { user: userId } } }),
  });
  const block = useChange((api, status: 'active' | 'blocked') =>
    user.data?.legalPerson
      ? api.patch('/users/{user}/legal-person', {
          params: { path: { user: userId } },
          body: { status },
        })
      : api.patch('/users/{user}/individual-person', {
          params: { path: { user: userId } },
          body: { status },
        }),
  );

  if (user.isPending) return <Loading />;
  if (user.error) return <ProblemAlert error={user.error} />;
  const record = user.data;
  return (
    <Stack>
      <PageTitle>{`User ${userName(record)}`}</PageTitle>
      <Group>
        {record.blocked ? <Badge color="red">blocked</Badge> : <Badge color="teal">active</Badge>}
        <Id value={record.id} />
        <span>
          created <When iso={record.createdAt} />
        </span>
        {may(who, 'users:write') && (
          <Button
            color={record.blocked ? 'teal' : 'red'}
            loading={block.isPending}
            onClick={() => block.mutate(record.blocked ? 'active' : 'blocked')}
          >
            {record.blocked ? 'Unblock' : 'Block'}
          </Button>
        )}
      </Group>
      <ProblemAlert error={block.error} />
      <Title order={2} size="h3">
        Wallets
      </Title>
      <PagedTable<Wallet>
        caption="The user's wallets"
        queryKey={['wallets', userId]}
        load={(page) => fetchPage(client, '/users/{user}/wallets', { user: userId }, page)}
        rowKey={(wallet) => wallet.id}
        pageSizes={[50, 200]}
        columns={[
          {
            header: 'Asset',
            cell: (wallet) => (
              <Anchor component={Link} to={`/users/${userId}/wallets/${wallet.id}`}>
                {wallet.asset.symbol}
              </Anchor>
            ),
          },
          { header: 'Balance', cell: (wallet) => <Amount value={wallet.balance} /> },
          { header: 'Available', cell: (wallet) => <Amount value={wallet.availableBalance} /> },
          { header: 'Address', cell: (wallet) => <Id value={wallet.address} /> },
          { header: 'Created', cell: (wallet) => <When iso={wallet.createdAt} /> },
        ]}
      />
      <Title order={2} size="h3">
        KYC record
      </Title>
      <RecordTable caption="The user as the API returns it" record={record} />
    </Stack>
  );
}
