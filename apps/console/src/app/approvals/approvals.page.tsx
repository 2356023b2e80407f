import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { signApprovalWithPasskey } from '../passkeys/passkey-approvals';
import { useSession } from '../session/session';
import { may, type Who } from '../session/who';
import { APPROVAL_ACTIVITIES, APPROVAL_STATUSES } from '../shared/enums';
import { Filters } from '../shared/filters';
import { Amount, Id, When } from '../shared/format';
import { fetchPage, type Query } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { ProblemAlert } from '../shared/problem';
import { RecordTable } from '../shared/record';
import { useChange, useClient } from '../shared/use-api';
import { readStatement, type StatementReading } from './approval-statement';

type Approval = ListItem<V1Paths, '/approvals'>;

/** What the approval holds, in a line. */
export function approvalLine(approval: Approval): string {
  const s = approval.summary;
  if (s.policyChange) return `${s.policyChange.kind} policy “${s.policyChange.name}”`;
  if (s.memberChange) {
    const m = s.memberChange;
    const what =
      m.kind === 'create'
        ? 'new client'
        : m.passkeysReset
          ? 'passkeys reset for'
          : m.passwordSet
            ? 'new password for'
            : 'rights of';
    return `${what} ${m.email}`;
  }
  if (s.treasuryChange) {
    const t = s.treasuryChange;
    return `treasury bound ${t.assetId}: ${t.before ?? 'none'} → ${t.after ?? 'none'}`;
  }
  const parts: string[] = [approval.activity];
  if (s.amount) parts.push(`${s.amount} ${s.assetId ?? ''}`.trim());
  if (s.destination) parts.push(`to ${s.destination}`);
  return parts.join(' · ');
}

/**
 * Whether this client may decide: it holds the scope, did not start the operation, and has not
 * decided yet (the API enforces the same and the approver lists; this only hides the buttons).
 */
function canDecide(who: Who, approval: Approval): boolean {
  return (
    approval.status === 'pending' &&
    may(who, 'approvals:decide') &&
    approval.initiator.clientId !== who.id &&
    !approval.decisions.some((d) => d.clientId === who.id)
  );
}

/**
 * What the passkey signs, read from the statement (the bytes signed), shown before it is asked;
 * where the statement disagrees with the approval, why nothing will be signed.
 */
function SignedStatement({ reading }: { reading: StatementReading }) {
  return (
    <>
      <Table withTableBorder variant="vertical" layout="fixed" aria-label="What your passkey signs">
        <Table.Caption>What your passkey signs (read from the approval’s statement)</Table.Caption>
        <Table.Tbody>
          {reading.facts.map((fact) => (
            <Table.Tr key={fact.label}>
              <Table.Th scope="row" w={240}>
                {fact.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} ff="monospace">
                {fact.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {reading.disagreements.length > 0 && (
        <Alert color="red" role="alert" title="The statement to sign does not match this approval">
          Nothing will be signed: the approval’s statement says something else than the approval
          shown.
          <List size="sm">
            {reading.disagreements.map((d) => (
              <List.Item key={d}>{d}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}

function ApprovalModal({ approval, onClose }: { approval: Approval; onClose: () => void }) {
  const { who } = useSession();
  const [reason, setReason] = useState('');
  // Where a holding policy counts only signed approvals, an approve is a passkey's assertion
  // over the approval's statement; a rejection needs only the session.
  const signed = approval.signing?.required === true;
  const reading = signed ? readStatement(approval, who) : undefined;
  const mismatched = reading !== undefined && reading.disagreements.length > 0;
  const decide = useChange(async (api, decision: 'approve' | 'reject') => {
    const statement = approval.signing?.statement;
    // The passkey signs only a statement the page read and found to be this approval's.
    if (decision === 'approve' && signed && (!statement || mismatched))
      throw new Error(
        "This approval's statement does not match it (or it has none): nothing was signed.",
      );
    const signature =
      decision === 'approve' && signed && statement
        ? await signApprovalWithPasskey(api, statement)
        : undefined;
    return api.post('/approvals/{approval}/decisions', {
      params: { path: { approval: approval.id } },
      body: {
        decision,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(signature ? { signature } : {}),
      },
    });
  });
  const own = approval.initiator.clientId === who.id;
  return (
    <Modal opened onClose={onClose} title="Approval" size="lg">
      <Stack>
        <Text fw={600}>{approvalLine(approval)}</Text>
        <Group>
          <Badge>{approval.status}</Badge>
          <Text size="sm">
            {approval.decisions.filter((d) => d.decision === 'approve').length} of {approval.quorum}{' '}
            approvals · expires <When iso={approval.expiresAt} />
          </Text>
        </Group>
        {own && <Text size="sm">You started this operation: others decide on it.</Text>}
        <Text fw={600}>Decisions</Text>
        {approval.decisions.length === 0 ? (
          <Text size="sm">None yet.</Text>
        ) : (
          <List size="sm">
            {approval.decisions.map((d) => (
              <List.Item key={d.clientId}>
                {d.decision} by <Id value={d.clientId} />, <When iso={d.createdAt} />
                {d.reason ? `: ${d.reason}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <RecordTable caption="Summary" record={approval.summary} />
        {signed && canDecide(who, approval) && (
          <>
            <Text size="sm">
              Approvals count only signed: approving asks one of your passkeys to sign this
              operation.
            </Text>
            {reading && <SignedStatement reading={reading} />}
          </>
        )}
        <ProblemAlert error={decide.error} />
        {canDecide(who, approval) && (
          <>
            <Textarea
              label="Reason"
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group justify="end">
              <Button
                color="red"
                variant="light"
                loading={decide.isPending}
                onClick={() => decide.mutate('reject', { onSuccess: onClose })}
              >
                Reject
              </Button>
              <Button
                loading={decide.isPending}
                disabled={mismatched}
                onClick={() => decide.mutate('approve', { onSuccess: onClose })}
              >
                Approve
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

export function ApprovalsPage() {
  const client = useClient();
  const [filters, setFilters] = useState<Query>({ status: 'pending' });
  const [open, setOpen] = useState<Approval>();
  return (
    <>
      <PageTitle>Approvals</PageTitle>
      <Filters
        label="Approval filters"
        onApply={(query) => setFilters(query)}
        fields={[
          {
            name: 'status',
            label: 'Status',
            options: APPROVAL_STATUSES,
          },
          {
            name: 'activity',
            label: 'Activity',
            options: APPROVAL_ACTIVITIES,
          },
        ]}
      />
      <PagedTable<Approval>
        caption="Approvals, soonest expiry first"
        queryKey={['approvals', filters]}
        load={(page) =>
          fetchPage(client, '/approvals', {}, { sort: 'expiresAt', ...filters, ...page })
        }
        rowKey={(a) => a.id}
        columns={[
          {
            header: 'Operation',
            cell: (a) => (
              <UnstyledButton
                onClick={() => setOpen(a)}
                td="underline"
                aria-label={`Open approval ${approvalLine(a)}`}
              >
                {approvalLine(a)}
              </UnstyledButton>
            ),
          },
          { header: 'Status', cell: (a) => <Badge color="gray">{a.status}</Badge> },
          {
            header: 'Approvals',
            cell: (a) =>
              `${a.decisions.filter((d) => d.decision === 'approve').length} / ${a.quorum}`,
          },
          {
            header: 'Amount',
            cell: (a) => <Amount value={a.summary.amount} unit={a.summary.assetId} />,
          },
          { header: 'Initiator', cell: (a) => <Id value={a.initiator.clientId} /> },
          { header: 'Expires', cell: (a) => <When iso={a.expiresAt} /> },
        ]}
      />
      {open && <ApprovalModal approval={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
