import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { ERROR_CODES, errorCodesTable } from './error-codes';

/**
 * The error code catalog (error-codes.ts) against the source: every code that `Errors.<factory>(…)`
 * or `new AppError(status, code, …)` can produce anywhere in the apps' and libs' `src` (tests
 * aside) is listed, with exactly the statuses it is thrown with; nothing listed is gone from the
 * source; and docs/errors.md has the same table. The scan reads code arguments that are string
 * literals, factory defaults (read from libs/errors), constants, object-literal lookups
 * (`CODE_OF[fault]`), conditionals and parameters of local helpers (`invalid(message, code =
 * '…')`, with what the file's calls pass); a call site it cannot read must be listed in `BY_HAND`.
 */

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Call sites whose codes the scan cannot read, by file and the call's text (whitespace
 * collapsed; a text ending in `…` matches a call that starts with it), with the codes they
 * produce. A site listed here that no longer exists fails the spec.
 */
const BY_HAND: Record<string, Record<string, string[]>> = {
  // `token_${problem}`: the route's `rejectedTokenStatus` makes an expired or revoked token 403
  // (the whitelist reads); every other token problem is 401.
  'apps/gateway/src/auth/guard.ts': {
    'Errors.forbidden(messages[problem], code)': ['token_expired', 'token_revoked'],
    'Errors.unauthorized(messages[problem], code)': [
      'unauthorized',
      'token_invalid',
      'token_expired',
      'token_revoked',
    ],
  },
  // `fromWire` re-creates an error another service answered: its code is scanned where it is made.
  'libs/errors/src/app-error.ts': {
    'new AppError(body.status, body.code, …': [],
  },
};

const ERRORS_FILE = 'libs/errors/src/app-error.ts';

interface CodeSite {
  file: string;
  line: number;
  code: string;
  status: number | undefined;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__fixtures__') walk(full, out);
    } else if (
      /\.ts$/.test(entry.name) &&
      !/\.(spec|test|d)\.ts$|test-harness\.ts$/.test(entry.name)
    ) {
      out.push(full);
    }
  }
  return out;
}

function sourceFiles(): string[] {
  return ['apps', 'libs'].flatMap((group) =>
    fs
      .readdirSync(path.join(ROOT, group))
      .filter((name) => name !== 'stack-e2e')
      .map((name) => path.join(ROOT, group, name, 'src'))
      .filter((dir) => fs.existsSync(dir))
      .flatMap((dir) => walk(dir)),
  );
}

interface Factory {
  status: number;
  fixed?: string;
  index?: number;
  fallback?: string;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function errorsObject(sf: ts.SourceFile): ts.ObjectLiteralExpression {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(sf) === 'Errors' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    )
      found = node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (!found) throw new Error(`${ERRORS_FILE} has no Errors object`);
  return found;
}

/** `Errors.<name>(…)`: its status and where its code comes from, read from libs/errors. */
function factories(): Map<string, Factory> {
  const sf = parse(path.join(ROOT, ERRORS_FILE));
  const table = new Map<string, Factory>();
  for (const property of errorsObject(sf).properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isArrowFunction(property.initializer)) continue;
    const fn = property.initializer;
    const made = ts.isNewExpression(fn.body) ? fn.body : undefined;
    const [status, code] = made?.arguments ?? [];
    if (!status || !ts.isNumericLiteral(status) || !code) continue;
    const name = property.name.getText(sf);
    if (ts.isStringLiteral(code)) {
      table.set(name, { status: Number(status.text), fixed: code.text });
      continue;
    }
    const index = fn.parameters.findIndex((p) => p.name.getText(sf) === code.getText(sf));
    const initializer = fn.parameters[index]?.initializer;
    table.set(name, {
      status: Number(status.text),
      index,
      ...(initializer && ts.isStringLiteral(initializer) ? { fallback: initializer.text } : {}),
    });
  }
  return table;
}

type Resolved = string[] | undefined;

/** The string literals an expression can be, read in its file; undefined when it cannot tell. */
function resolve(expr: ts.Expression, sf: ts.SourceFile, depth = 0): Resolved {
  if (depth > 8) return undefined;
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr))
    return resolve(expr.expression, sf, depth + 1);
  if (ts.isConditionalExpression(expr)) {
    const a = resolve(expr.whenTrue, sf, depth + 1);
    const b = resolve(expr.whenFalse, sf, depth + 1);
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    const object = constInitializer(expr.expression.text, sf);
    if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
    const values = object.properties.map((p) =>
      ts.isPropertyAssignment(p) ? resolve(p.initializer, sf, depth + 1) : undefined,
    );
    return values.every((v) => v !== undefined) ? values.flat() : undefined;
  }
  if (ts.isIdentifier(expr)) {
    const parameter = enclosingParameter(expr);
    if (parameter) return fromCalls(parameter, sf, depth);
    const initializer = constInitializer(expr.text, sf);
    return initializer ? resolve(initializer, sf, depth + 1) : undefined;
  }
  return undefined;
}

function constInitializer(name: string, sf: ts.SourceFile): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclarationList(node) &&
      node.flags & ts.NodeFlags.Const &&
      node.declarations.length > 0
    ) {
      for (const d of node.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) found = d.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

type FunctionLike =
  ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;

function enclosingParameter(
  id: ts.Identifier,
): { fn: FunctionLike; index: number; parameter: ts.ParameterDeclaration } | undefined {
  for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const index = node.parameters.findIndex(
        (p) => ts.isIdentifier(p.name) && p.name.text === id.text,
      );
      if (index >= 0) return { fn: node, index, parameter: node.parameters[index]! };
    }
  }
  return undefined;
}

/** A parameter's values: its default, and what the calls to its function in this file pass. */
function fromCalls(
  { fn, index, parameter }: NonNullable<ReturnType<typeof enclosingParameter>>,
  sf: ts.SourceFile,
  depth: number,
): Resolved {
  const name =
    ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)
      ? fn.name?.getText(sf)
      : ts.isVariableDeclaration(fn.parent)
        ? fn.parent.name.getText(sf)
        : undefined;
  if (!name) return undefined;
  const fallback = parameter.initializer
    ? resolve(parameter.initializer, sf, depth + 1)
    : undefined;
  const values: string[] = [];
  let unresolved = false;
  let calls = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const called = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee) &&
            callee.expression.kind === ts.SyntaxKind.ThisKeyword
          ? callee.name.text
          : undefined;
      if (called === name) {
        calls += 1;
        const arg = node.arguments[index];
        const got = arg ? resolve(arg, sf, depth + 1) : fallback;
        if (got) values.push(...got);
        else unresolved = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (unresolved || calls === 0) return undefined;
  return values;
}

interface Scan {
  sites: CodeSite[];
  unresolved: { file: string; line: number; text: string }[];
}

/**
 * Every error code the source can answer: `Errors.<factory>(…)` calls (their code argument, or
 * the factory's default) and `new AppError(status, code, …)`, with their statuses. `byHand`
 * gives the codes of call sites the scan cannot read (keyed by file, then the call's text).
 */
function scanCodes(byHand: Record<string, Record<string, string[]>>): Scan & {
  unusedByHand: string[];
} {
  const table = factories();
  const sites: CodeSite[] = [];
  const unresolved: Scan['unresolved'] = [];
  const usedByHand = new Set<string>();
  for (const full of sourceFiles()) {
    const file = path.relative(ROOT, full).split(path.sep).join('/');
    const sf = parse(full);
    const inErrorsObject = file === ERRORS_FILE ? errorsObject(sf) : undefined;
    const visit = (node: ts.Node) => {
      let status: number | undefined;
      let codeExpr: ts.Expression | undefined;
      let fallback: string | undefined;
      let found = false;
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'Errors'
      ) {
        const factory = table.get(node.expression.name.text);
        // A factory the table does not know cannot be read: it must be added by hand, or the
        // table taught its shape.
        found = true;
        if (factory) {
          status = factory.status;
          if (factory.fixed) fallback = factory.fixed;
          else {
            codeExpr = node.arguments[factory.index!];
            fallback = factory.fallback;
          }
        }
      } else if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError' &&
        !(inErrorsObject && node.pos >= inErrorsObject.pos && node.end <= inErrorsObject.end)
      ) {
        found = true;
        const [statusArg, codeArg] = node.arguments ?? [];
        status = statusArg && ts.isNumericLiteral(statusArg) ? Number(statusArg.text) : undefined;
        codeExpr = codeArg;
      }
      if (found) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        const text = node.getText(sf).replace(/\s+/g, ' ');
        const handKey = Object.keys(byHand[file] ?? {}).find(
          (key) => key === text || (key.endsWith('…') && text.startsWith(key.slice(0, -1))),
        );
        const hand = handKey === undefined ? undefined : byHand[file]?.[handKey];
        const codes =
          hand ?? (codeExpr ? resolve(codeExpr, sf) : fallback ? [fallback] : undefined);
        if (handKey !== undefined) usedByHand.add(`${file} ${handKey}`);
        if (codes) for (const code of codes) sites.push({ file, line, code, status });
        else unresolved.push({ file, line, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const unusedByHand = Object.entries(byHand).flatMap(([file, calls]) =>
    Object.keys(calls)
      .map((text) => `${file} ${text}`)
      .filter((key) => !usedByHand.has(key)),
  );
  return { sites, unresolved, unusedByHand };
}

/** The rows of the first Markdown table (after `heading`, when given): cells trimmed. */
function tableRows(text: string, heading?: string): string[][] {
  const lines = text.split('\n');
  const start = heading === undefined ? 0 : lines.findIndex((line) => line.trim() === heading) + 1;
  if (start <= 0 && heading !== undefined) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // the header and its rule
}

describe('the error code catalog', () => {
  const scan = scanCodes(BY_HAND);
  const catalog = new Map(ERROR_CODES.map((entry) => [entry.code, entry]));

  it('reads every call site (or has it in BY_HAND), and BY_HAND has no stale entry', () => {
    expect(scan.unresolved).toEqual([]);
    expect(scan.unusedByHand).toEqual([]);
    // A scan that found almost nothing is a broken scan, not a clean source.
    expect(new Set(scan.sites.map((s) => s.code)).size).toBeGreaterThan(80);
  });

  it('lists every code the source answers', () => {
    const missing = scan.sites
      .filter((site) => !catalog.has(site.code))
      .map((site) => `${site.code} (${site.file}:${site.line})`);
    expect(missing).toEqual([]);
  });

  it('lists no code the source no longer answers', () => {
    const used = new Set(scan.sites.map((site) => site.code));
    expect(ERROR_CODES.map((e) => e.code).filter((code) => !used.has(code))).toEqual([]);
  });

  it('gives each code the statuses it is thrown with', () => {
    const found = new Map<string, { statuses: Set<number>; open: boolean }>();
    for (const site of scan.sites) {
      const entry = found.get(site.code) ?? { statuses: new Set<number>(), open: false };
      if (site.status === undefined) entry.open = true;
      else entry.statuses.add(site.status);
      found.set(site.code, entry);
    }
    const wrong = ERROR_CODES.flatMap((entry) => {
      const seen = found.get(entry.code);
      if (!seen) return [];
      const listed = new Set(entry.statuses);
      const thrown = [...seen.statuses].sort();
      // A site whose status is computed (the HTTP layer's other 4xx) may add statuses.
      const ok = seen.open
        ? thrown.every((s) => listed.has(s))
        : thrown.length === listed.size && thrown.every((s) => listed.has(s));
      return ok
        ? []
        : [`${entry.code}: listed ${entry.statuses.join(',')}, thrown ${thrown.join(',')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('lists each code once, ordered by status then code, with a meaning that fits a table cell', () => {
    const codes = ERROR_CODES.map((e) => e.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    const key = (e: (typeof ERROR_CODES)[number]) =>
      `${String(e.statuses[0]).padStart(3, '0')} ${e.code}`;
    const keys = ERROR_CODES.map(key);
    expect(keys).toEqual([...keys].sort());
    for (const entry of ERROR_CODES) {
      expect([entry.code, /^[a-z][a-z0-9_]*$/.test(entry.code)]).toEqual([entry.code, true]);
      expect([entry.code, entry.meaning.includes('|'), entry.meaning.length > 10]).toEqual([
        entry.code,
        false,
        true,
      ]);
    }
  });

  it('is the table of docs/errors.md', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/errors.md'), 'utf8');
    const expected = tableRows(errorCodesTable());
    expect(expected).toHaveLength(ERROR_CODES.length);
    expect(tableRows(docs, '## The codes')).toEqual(expected);
  });
});
