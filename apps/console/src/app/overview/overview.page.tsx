import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../session/session';
import { may } from '../session/who';
import { approvalLine } from '../approvals/approvals.page';
import { When, Loading } from '../shared/format';
import { fetchPage, type Page } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { ProblemAlert } from '../shared/problem';
import { useClient } from '../shared/use-api';

function count(page: Page<unknown> | undefined, allowed: boolean): string {
  if (!allowed) return 'not in your scopes';
  if (!page) return '…';
  if (page.total === null) return String(page.items.length);
  return `${page.totalIsLowerBound ? '≥ ' : ''}${page.total}`;
}

function Figure({ label, value, to }: { label: string; value: string; to: string }) {
  return (
    <Paper withBorder p="sm">
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

export function OverviewPage() {
  const client = useClient();
  const { who } = useSession();
  // What the gateway's readiness checks, for admins only: the public /readyz names nothing.
  const health = useQuery({
    queryKey: ['system-health'],
    queryFn: () => client.get('/system/health', {}),
    refetchInterval: 15_000,
    enabled: who.isAdmin && may(who, 'system:read'),
  });
  const users = useQuery({
    queryKey: ['count', 'users'],
    queryFn: () => fetchPage(client, '/users', {}, { limit: '1' }),
    enabled: may(who, 'users:read'),
  });
  const transfers = useQuery({
    queryKey: ['count', 'transfers'],
    queryFn: () => fetchPage(client, '/transfers', {}, { limit: '1' }),
    enabled: may(who, 'transfers:read'),
  });
  const pending = useQuery({
    queryKey: ['approvals', 'pending-overview'],
    queryFn: () =>
      fetchPage(client, '/approvals', {}, { status: 'pending', sort: 'expiresAt', limit: '5' }),
  });
  const ledger = useQuery({
    queryKey: ['ledger-check'],
    queryFn: () => client.get('/admin/ledger/check', {}),
    enabled: who.isAdmin && may(who, 'ledger:read'),
  });

  return (
    <Stack>
      <PageTitle>Overview</PageTitle>
      {who.isAdmin && may(who, 'system:read') && (
        <>
          <Title order={2} size="h3">
            Service health
          </Title>
          {health.isPending ? (
            <Loading />
          ) : health.error ? (
            <ProblemAlert error={health.error} />
          ) : (
            <Group gap="xs" data-testid="health">
              <Badge color={health.data.status === 'ready' ? 'teal' : 'red'}>
                {health.data.status}
              </Badge>
              {Object.entries(health.data.checks).map(([name, check]) => (
                <Badge key={name} color={check.status === 'ok' ? 'teal' : 'red'}>
                  {name}: {check.status}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label="Users" value={count(users.data, may(who, 'users:read'))} to="/users" />
        <Figure
          label="Transfers"
          value={count(transfers.data, may(who, 'transfers:read'))}
          to="/money"
        />
        <Figure
          label="Pending approvals"
          value={count(pending.data, may(who, 'approvals:read'))}
          to="/approvals"
        />
      </SimpleGrid>
      {who.isAdmin && (
        <>
          <Title order={2} size="h3">
            Ledger check
          </Title>
          <ProblemAlert error={ledger.error} />
          {ledger.data && (
            <Text data-testid="ledger-check">
              <Badge color={ledger.data.ok ? 'teal' : 'red'}>
                {ledger.data.ok ? 'balanced' : 'violations'}
              </Badge>{' '}
              {ledger.data.violations.length} violations · checked{' '}
              <When iso={ledger.data.checkedAt} />
              {ledger.data.complete ? '' : ' · in progress'}
            </Text>
          )}
        </>
      )}
      <Title order={2} size="h3">
        Pending approvals
      </Title>
      <ProblemAlert error={pending.error} />
      {pending.data && pending.data.items.length === 0 && <Text>None.</Text>}
      <List>
        {pending.data?.items.map((approval) => (
          <List.Item key={approval.id}>
            {approvalLine(approval)}, expires <When iso={approval.expiresAt} />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
