import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  type AnyEvent,
  type ApprovalView,
  AUDIT_BATCH_EVENT,
  EVENT_NAMES,
  EVENT_ROUTES,
  type EventEnvelope,
  EVENTS,
  isAnyEventName,
  type NewEvent,
  RPC_REFUSED_EVENT,
  type UserView,
  type WalletEventData,
} from './index';

// The event seam's types. Each `@ts-expect-error` marks a line that must not compile; the tests
// below compile this file with the repository's options (jest's transform does not type-check).

type UserOrWallet = typeof EVENTS.userCreated | typeof EVENTS.walletCreated;

export function typedSeam(
  user: UserView,
  wallet: WalletEventData,
  approval: EventEnvelope<typeof EVENTS.approvalDecided>,
  either: UserOrWallet,
): unknown[] {
  const written: NewEvent[] = [
    { name: EVENTS.userCreated, tenantId: 't', data: user },
    { name: AUDIT_BATCH_EVENT, tenantId: null, data: { records: [] } },
    // @ts-expect-error a wallet's payload under a user's name
    { name: EVENTS.userCreated, tenantId: 't', data: wallet },
    // @ts-expect-error a name the map does not know
    { name: 'thing.is-created', tenantId: 't', data: {} },
    // @ts-expect-error a payload short of its fields
    { name: RPC_REFUSED_EVENT, tenantId: null, data: { service: 'identity' } },
  ];
  // @ts-expect-error one of two names, with the payload of only one of them
  const crossed: NewEvent<UserOrWallet> = { name: either, tenantId: 't', data: user };

  const onUser = (event: EventEnvelope<typeof EVENTS.userCreated>): boolean => event.data.blocked;
  // @ts-expect-error an approval's event handed to a user's handler
  onUser(approval);

  // The name narrows the payload of any event; without it, it is no one name's.
  const addressOf = (event: AnyEvent): string | undefined =>
    event.name === EVENTS.walletCreated ? event.data.address : undefined;
  // @ts-expect-error not narrowed by its name
  const unread = (event: AnyEvent): string => event.data.address;

  const approvalOf = (event: AnyEvent): ApprovalView | undefined =>
    event.name === EVENTS.approvalDecided ? event.data : undefined;
  return [written, crossed, addressOf, unread, approvalOf];
}

const EXPECTED = '// @ts-expect-error';
const root = path.resolve(__dirname, '../../..');

/** The type errors of this file's `text`, by line (1-based), compiled as the repository does. */
function typeErrors(text: string, old?: ts.Program): { lines: number[]; program: ts.Program } {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const file = path.resolve(__filename);
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file
      ? ts.createSourceFile(name, text, language, true)
      : read(name, language, ...rest);
  const program = ts.createProgram([file], { ...options, noEmit: true }, host, old);
  const source = program.getSourceFile(file);
  if (!source) throw new Error('this file is not in its program');
  const lines = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
  return { lines: [...new Set(lines)].sort((a, b) => a - b), program };
}

describe('the event map', () => {
  it('knows every name of EVENTS and of the audit log, and no other', () => {
    for (const name of [...EVENT_NAMES, AUDIT_BATCH_EVENT, RPC_REFUSED_EVENT])
      expect([name, isAnyEventName(name)]).toEqual([name, true]);
    expect(isAnyEventName('thing.is-created')).toBe(false);
    expect(Object.keys(EVENT_ROUTES).filter((name) => !isAnyEventName(name))).toEqual([]);
  });

  it('refuses a payload that is not its name’s, where marked and nowhere else (tsc)', () => {
    const text = readFileSync(__filename, 'utf8');
    const marked = text
      .split('\n')
      .flatMap((line, i) => (line.trim().startsWith(EXPECTED) ? [i + 2] : []));
    expect(marked).toHaveLength(6);
    // As written: every mark meets its error (an unused one is itself an error).
    const asWritten = typeErrors(text);
    expect(asWritten.lines).toEqual([]);
    // Marks made plain comments (lines kept): the errors are on exactly the marked lines.
    const unmarked = text.split(EXPECTED).join('// (expected error)');
    expect(typeErrors(unmarked, asWritten.program).lines).toEqual(marked);
  }, 60_000);
});
