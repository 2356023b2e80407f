import type { ListItem, V1Paths } from '@custody/sdk';
import type { Who } from '../session/who';

// What an approve with a passkey signs, read from the statement itself (the bytes whose digest
// the passkey signs), not from the approval's summary beside it: the page shows these facts
// before the passkey is asked, and refuses to sign a statement that says something else than
// the approval it came with (docs/decisions/operator-console.md, "Approving with a passkey").

type Approval = ListItem<V1Paths, '/approvals'>;

/** One fact of the statement, as the page shows it. */
export interface SignedFact {
  label: string;
  value: string;
}

export interface StatementReading {
  /** What the vote approves, read from the statement. */
  facts: SignedFact[];
  /** Where the statement disagrees with the approval as the API reports it (none: empty). */
  disagreements: string[];
}

type Fields = { [key: string]: unknown };

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** A decimal string without its insignificant zeros (`0.10` → `0.1`), never through a float. */
function canonicalAmount(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, sign = '', digits = '', decimals = ''] = match;
  const whole = digits.replace(/^0+(?=\d)/, '');
  const fraction = decimals.replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An address or other text as approvers sign it: 0x-hex lower-case, else as it is. */
const canonicalText = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value === ''
    ? null
    : /^0x[0-9a-fA-F]*$/.test(value)
      ? value.toLowerCase()
      : value;

interface Leg {
  walletId: string;
  assetId: string;
  amount: string;
  destination: string | null;
}

/** The legs the approval's summary says move (several, or its one leg). */
function summaryLegs(summary: Approval['summary']): Leg[] {
  if (summary.legs)
    return summary.legs.map((leg) => ({
      walletId: leg.walletId,
      assetId: leg.assetId,
      amount: leg.amount,
      destination: leg.destination ?? null,
    }));
  if (summary.walletId === null || summary.assetId === null || summary.amount === null) return [];
  return [
    {
      walletId: summary.walletId,
      assetId: summary.assetId,
      amount: summary.amount,
      destination: summary.destination,
    },
  ];
}

function readMovement(
  operation: Fields,
  summary: Approval['summary'],
  facts: SignedFact[],
  disagreements: string[],
): void {
  const legs = Array.isArray(operation['legs']) ? operation['legs'].filter(isRecord) : [];
  const expected = summaryLegs(summary);
  legs.forEach((leg, i) => {
    const n = legs.length > 1 ? ` (leg ${i + 1})` : '';
    facts.push(
      { label: `Wallet${n}`, value: text(leg['walletId']) },
      { label: `Asset${n}`, value: text(leg['assetId']) },
      { label: `Amount${n}`, value: text(leg['amount']) },
      { label: `Destination${n}`, value: text(leg['destination']) },
    );
  });
  if (legs.length !== expected.length) {
    disagreements.push(
      `it moves ${legs.length} leg(s); the approval's summary, ${expected.length}`,
    );
    return;
  }
  expected.forEach((want, i) => {
    const leg = legs[i] ?? {};
    const n = legs.length > 1 ? ` of leg ${i + 1}` : '';
    if (leg['walletId'] !== want.walletId)
      disagreements.push(`the wallet${n} is ${text(leg['walletId'])}, not ${want.walletId}`);
    if (leg['assetId'] !== want.assetId)
      disagreements.push(`the asset${n} is ${text(leg['assetId'])}, not ${want.assetId}`);
    if (
      typeof leg['amount'] !== 'string' ||
      canonicalAmount(leg['amount']) !== canonicalAmount(want.amount)
    )
      disagreements.push(`the amount${n} is ${text(leg['amount'])}, not ${want.amount}`);
    const destination = typeof leg['destination'] === 'string' ? leg['destination'] : null;
    if (canonicalText(destination) !== canonicalText(want.destination))
      disagreements.push(
        `the destination${n} is ${text(destination)}, not ${text(want.destination)}`,
      );
  });
}

/** Activities whose signature is made with the wallet's own key (its owner the wallet). */
const WALLET_SIGNATURES = ['sign-tx', 'sign-message', 'sign-typed-data'];

function readSignature(
  operation: Fields,
  approval: Approval,
  facts: SignedFact[],
  disagreements: string[],
): void {
  const intent = isRecord(operation['intent']) ? operation['intent'] : {};
  facts.push({ label: 'Signed with the key of', value: text(operation['owner']) });
  for (const [key, value] of Object.entries(intent))
    facts.push({ label: key === 'kind' ? 'Intent' : `Intent ${key}`, value: text(value) });
  const wallet = approval.summary.walletId;
  if (
    WALLET_SIGNATURES.includes(approval.activity) &&
    wallet !== null &&
    operation['owner'] !== wallet
  )
    disagreements.push(
      `it signs with the key of ${text(operation['owner'])}, not wallet ${wallet}`,
    );
}

/** The facts a change's summary is told apart by, and how each reads. */
const CHANGE_FACTS = {
  policyChange: ['kind', 'policyId', 'name'],
  memberChange: ['kind', 'clientId', 'email', 'passwordSet', 'passkeysReset'],
  treasuryChange: ['assetId', 'before', 'after'],
} as const;

function readChange(
  operation: Fields,
  summary: Approval['summary'],
  facts: SignedFact[],
  disagreements: string[],
): void {
  const change = isRecord(operation['change']) ? operation['change'] : {};
  const kinds = Object.keys(CHANGE_FACTS) as (keyof typeof CHANGE_FACTS)[];
  // A change this page cannot read is not approved blind.
  for (const key of Object.keys(change))
    if (!(kinds as string[]).includes(key))
      disagreements.push(`it holds a change this page cannot read (${key})`);
  for (const kind of kinds) {
    const signed = change[kind];
    const shown: unknown = summary[kind];
    if (signed === undefined && shown === undefined) continue;
    if (!isRecord(signed) || !isRecord(shown)) {
      disagreements.push(
        `it ${signed === undefined ? 'has no' : 'has a'} ${kind}, the summary ${shown === undefined ? 'none' : 'one'}`,
      );
      continue;
    }
    // Every field the statement signs is shown; those the summary also reports must agree.
    for (const [field, value] of Object.entries(signed))
      if (!(CHANGE_FACTS[kind] as readonly string[]).includes(field))
        facts.push({
          label: `${kind} ${field}`,
          value: text(value),
        });
    for (const fact of CHANGE_FACTS[kind]) {
      facts.push({ label: `${kind} ${fact}`, value: text(signed[fact]) });
      if (text(signed[fact]) !== text(shown[fact]))
        disagreements.push(
          `its ${kind} ${fact} is ${text(signed[fact])}, not ${text(shown[fact])}`,
        );
    }
  }
}

/**
 * What the approval's statement says its approve does, and where it disagrees with the approval
 * it came with (its id, activity, the signer's tenant, and the operation its summary reports).
 * Undefined: the approval has no statement to sign.
 */
export function readStatement(approval: Approval, who: Who): StatementReading | undefined {
  const statement = approval.signing?.statement;
  if (!statement) return undefined;
  const facts: SignedFact[] = [
    { label: 'Approval', value: text(statement.approvalId) },
    { label: 'Activity', value: text(statement.activity) },
  ];
  const disagreements: string[] = [];
  if (statement.v !== 1 || statement.decision !== 'approve')
    disagreements.push('it is no approval statement (v 1, decision approve)');
  if (statement.approvalId !== approval.id)
    disagreements.push(`it names approval ${statement.approvalId}, not this one (${approval.id})`);
  if (statement.activity !== approval.activity)
    disagreements.push(`its activity is ${statement.activity}, not ${approval.activity}`);
  // An admin signs for whichever tenant the approval is of; a tenant's client, for its own.
  if (!who.isAdmin && statement.tenantId !== who.tenantId)
    disagreements.push(`it is of tenant ${statement.tenantId}, not yours (${who.tenantId})`);
  const operation = statement.operation;
  const kind = operation['kind'];
  facts.push({ label: 'Operation', value: text(kind) });
  if (kind === 'movement') readMovement(operation, approval.summary, facts, disagreements);
  else if (kind === 'signature') readSignature(operation, approval, facts, disagreements);
  else if (kind === 'change') readChange(operation, approval.summary, facts, disagreements);
  else disagreements.push(`its operation is of an unknown kind (${text(kind)})`);
  return { facts, disagreements };
}
