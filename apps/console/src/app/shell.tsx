import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { CustodyError } from '@custody/sdk';
import { ApiClientsPage } from './admin/api-clients.page';
import { ClientsPage } from './admin/clients.page';
import { ApprovalsPage } from './approvals/approvals.page';
import { AuditPage } from './audit/audit.page';
import { EventsPage } from './events/events.page';
import { MoneyPage } from './money/money.page';
import { ReconciliationPage } from './money/reconciliation.page';
import { WithdrawalPage } from './money/withdrawal.page';
import { NotificationsPage } from './notifications/notifications.page';
import { OverviewPage } from './overview/overview.page';
import { PasskeysPage } from './passkeys/passkeys.page';
import { PoliciesPage } from './policies/policies.page';
import { useSession, useSessionState } from './session/session';
import { UserPage } from './users/user.page';
import { UsersPage } from './users/users.page';
import { WalletPage } from './users/wallet.page';

interface Section {
  to: string;
  label: string;
  adminOnly?: boolean;
}

const SECTIONS: Section[] = [
  { to: '/', label: 'Overview' },
  { to: '/users', label: 'Users' },
  { to: '/money', label: 'Money' },
  { to: '/approvals', label: 'Approvals' },
  { to: '/policies', label: 'Policies' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/events', label: 'Events' },
  { to: '/audit', label: 'Audit log' },
  { to: '/passkeys', label: 'Passkeys' },
  { to: '/clients', label: 'Clients and members', adminOnly: true },
  { to: '/api-clients', label: 'Api clients', adminOnly: true },
  { to: '/reconciliation', label: 'Reconciliation', adminOnly: true },
];

/** A refused session (401: the token expired and could not be renewed) ends it. */
function useExpiryWatch() {
  const queryClient = useQueryClient();
  const { expire } = useSessionState();
  useEffect(() => {
    const expired = (error: unknown) => error instanceof CustodyError && error.status === 401;
    const onQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error))
        expire();
    });
    const onMutation = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error))
        expire();
    });
    return () => {
      onQuery();
      onMutation();
    };
  }, [queryClient, expire]);
}

export function Shell() {
  const { who } = useSession();
  const { signOut } = useSessionState();
  const [opened, { toggle, close }] = useDisclosure();
  // Below the `sm` breakpoint the sections slide in from the side; while they are out of sight
  // they are inert, so that neither Tab nor a screen reader lands on them.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const location = useLocation();
  useExpiryWatch();
  // On a phone the menu closes once a section is chosen.
  useEffect(close, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={700}>Custody console</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="who">
              {who.name} · {who.isAdmin ? 'admin' : 'tenant'}
            </Text>
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections" inert={phone && !opened}>
        <Stack gap={2}>
          {SECTIONS.filter((section) => !section.adminOnly || who.isAdmin)
            // A login that may only enroll a passkey sees that page alone.
            .filter((section) => !who.enrollmentOnly || section.to === '/passkeys')
            .map((section) => (
              <NavLink
                key={section.to}
                component={RouterLink}
                to={section.to}
                end={section.to === '/'}
                label={section.label}
              />
            ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {who.enrollmentOnly ? (
          <Routes>
            <Route path="/passkeys" element={<PasskeysPage />} />
            <Route path="*" element={<Navigate to="/passkeys" replace />} />
          </Routes>
        ) : (
          <Routes>
            <Route path="/" element={<OverviewPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/passkeys" element={<PasskeysPage />} />
            <Route path="/users/:userId" element={<UserPage />} />
            <Route path="/users/:userId/wallets/:walletId" element={<WalletPage />} />
            <Route
              path="/users/:userId/wallets/:walletId/withdrawals/:withdrawalId"
              element={<WithdrawalPage />}
            />
            <Route path="/money" element={<MoneyPage />} />
            <Route path="/approvals" element={<ApprovalsPage />} />
            <Route path="/policies" element={<PoliciesPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="/events" element={<EventsPage />} />
            <Route path="/audit" element={<AuditPage />} />
            {who.isAdmin && <Route path="/clients" element={<ClientsPage />} />}
            {who.isAdmin && <Route path="/api-clients" element={<ApiClientsPage />} />}
            {who.isAdmin && <Route path="/reconciliation" element={<ReconciliationPage />} />}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
