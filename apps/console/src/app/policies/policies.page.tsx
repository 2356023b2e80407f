import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { useSession } from '../session/session';
import { may } from '../session/who';
import { Id, When } from '../shared/format';
import { fetchPage } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { useChange, useClient } from '../shared/use-api';
import { POLICY_ACTIVITIES, RULE_KINDS } from '../shared/enums';
import { draftOf, EMPTY_DRAFT, type PolicyDraft, policyBody } from './policy-form';

type Policy = ListItem<V1Paths, '/policies'>;

function ruleLine(policy: Policy): string {
  const r = policy.rule;
  switch (r.kind) {
    case 'amount_above':
      return `amount of ${r.assetId} above ${r.amount}`;
    case 'fiat_amount_above':
      return `fiat value above ${r.amount}`;
    case 'velocity': {
      const limits = [
        r.maxAmount && `${r.maxAmount} ${r.assetId ?? ''}`.trim(),
        r.maxFiatAmount && `${r.maxFiatAmount} fiat`,
        r.maxCount !== undefined && `${r.maxCount} operations`,
      ].filter(Boolean);
      return `more than ${limits.join(' or ')} per ${r.per} in ${r.window}`;
    }
    case 'destination_not_whitelisted':
      return 'destination not whitelisted';
    case 'always':
      return 'always';
  }
}

/** The answer to a policy write: done, or held for approval by a policy-change policy. */
function heldMessage(answer: unknown): string | null {
  if (answer && typeof answer === 'object' && 'approvalId' in answer)
    return `The change waits for approval ${String(answer.approvalId)}.`;
  return null;
}

function PolicyModal({ policy, onClose }: { policy?: Policy; onClose: (note?: string) => void }) {
  const [draft, setDraft] = useState<PolicyDraft>(policy ? draftOf(policy) : EMPTY_DRAFT);
  const set = <K extends keyof PolicyDraft>(key: K, value: PolicyDraft[K]) =>
    setDraft({ ...draft, [key]: value });
  const save = useChange((api, body: ReturnType<typeof policyBody>) =>
    policy
      ? api.patch('/policies/{policy}', {
          params: { path: { policy: policy.id } },
          // Emptied filter fields remove the policy's filters (absent would keep them).
          body: policy.filters && !body.filters ? { ...body, filters: null } : body,
        })
      : api.post('/policies', { body }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(policyBody(draft), {
      onSuccess: (answer) => onClose(heldMessage(answer) ?? 'Saved.'),
    });
  }
  const text = (key: keyof PolicyDraft, label: string, hint?: string) => (
    <TextInput
      label={label}
      description={hint}
      value={String(draft[key])}
      onChange={(event) => set(key, event.currentTarget.value as never)}
    />
  );
  return (
    <Modal opened onClose={() => onClose()} title={policy ? 'Edit policy' : 'New policy'} size="xl">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Activity"
              data={[...POLICY_ACTIVITIES]}
              value={draft.activity}
              onChange={(event) =>
                set('activity', event.currentTarget.value as PolicyDraft['activity'])
              }
            />
            <NativeSelect
              label="Rule"
              data={[...RULE_KINDS]}
              value={draft.kind}
              onChange={(event) => set('kind', event.currentTarget.value as PolicyDraft['kind'])}
            />
            <NativeSelect
              label="Action"
              data={['require_approval', 'block']}
              value={draft.action}
              onChange={(event) =>
                set('action', event.currentTarget.value as PolicyDraft['action'])
              }
            />
          </SimpleGrid>
          {draft.kind === 'amount_above' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('assetId', 'Asset id')}
              {text('amount', 'Amount', 'A decimal, e.g. 1.5')}
            </SimpleGrid>
          )}
          {draft.kind === 'fiat_amount_above' &&
            text('amount', 'Fiat amount', 'In the service’s fiat currency')}
          {draft.kind === 'velocity' && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('window', 'Window', 'e.g. 1h, 24h, 7d')}
              <NativeSelect
                label="Per"
                data={['wallet', 'user', 'tenant']}
                value={draft.per}
                onChange={(event) => set('per', event.currentTarget.value as PolicyDraft['per'])}
              />
              {text('assetId', 'Asset id (for the amount)')}
              {text('maxAmount', 'Max amount')}
              {text('maxFiatAmount', 'Max fiat amount')}
              {text('maxCount', 'Max count')}
            </SimpleGrid>
          )}
          {draft.action === 'require_approval' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('quorum', 'Quorum', 'Approvals needed')}
              {text('approverIds', 'Approvers', 'Client ids, comma-separated; empty: any eligible')}
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('assetIds', 'Only assets', 'Ids, comma-separated')}
            {text('userIds', 'Only users')}
            {text('walletIds', 'Only wallets')}
          </SimpleGrid>
          <Checkbox
            label="Enabled"
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <ProblemAlert error={save.error} />
          <Group justify="end">
            <Button variant="default" onClick={() => onClose()}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PoliciesPage() {
  const client = useClient();
  const { who } = useSession();
  const [editing, setEditing] = useState<{ policy?: Policy } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const toggle = useChange((api, policy: Policy) =>
    api.patch('/policies/{policy}', {
      params: { path: { policy: policy.id } },
      body: { enabled: !policy.enabled },
    }),
  );
  const remove = useChange((api, policy: Policy) =>
    api.delete('/policies/{policy}', { params: { path: { policy: policy.id } } }),
  );
  const writable = may(who, 'policies:write');
  // A tenant reads the platform's policies (an admin's) but cannot change them.
  const mine = (policy: Policy) => who.isAdmin === (policy.tenantId === null);
  return (
    <>
      <PageTitle>Policies</PageTitle>
      {note && (
        <Alert color="blue" role="status" mb="sm" withCloseButton onClose={() => setNote(null)}>
          {note}
        </Alert>
      )}
      {writable && (
        <Button mb="sm" onClick={() => setEditing({})}>
          New policy
        </Button>
      )}
      <ProblemAlert error={toggle.error ?? remove.error} />
      <PagedTable<Policy>
        caption="Policies"
        queryKey={['policies']}
        load={(page) => fetchPage(client, '/policies', {}, { sort: 'name', ...page })}
        rowKey={(p) => p.id}
        columns={[
          { header: 'Name', cell: (p) => p.name },
          { header: 'Activity', cell: (p) => p.activity },
          { header: 'Rule', cell: (p) => ruleLine(p) },
          {
            header: 'Action',
            cell: (p) =>
              p.action === 'block' ? 'block' : `approval by ${p.approvers?.quorum ?? 1}`,
          },
          {
            header: 'State',
            cell: (p) => (
              <Group gap={4}>
                <Badge color={p.enabled ? 'teal' : 'gray'}>
                  {p.enabled ? 'enabled' : 'disabled'}
                </Badge>
                {p.tenantId === null && <Badge variant="outline">platform</Badge>}
              </Group>
            ),
          },
          { header: 'Updated', cell: (p) => <When iso={p.updatedAt} /> },
          { header: 'Id', cell: (p) => <Id value={p.id} /> },
          {
            header: 'Actions',
            cell: (p) =>
              writable && mine(p) ? (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => setEditing({ policy: p })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() =>
                      toggle.mutate(p, { onSuccess: (answer) => setNote(heldMessage(answer)) })
                    }
                  >
                    {p.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={() =>
                      remove.mutate(p, { onSuccess: (answer) => setNote(heldMessage(answer)) })
                    }
                  >
                    Delete
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      {editing && (
        <PolicyModal
          {...(editing.policy ? { policy: editing.policy } : {})}
          onClose={(message) => {
            setEditing(null);
            if (message) setNote(message);
          }}
        />
      )}
    </>
  );
}
