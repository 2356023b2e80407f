import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The alert rules, their promtool tests and the Grafana dashboard (docs/monitoring.md). */
export const MONITORING_DIR = path.resolve(__dirname, '../../../docker/monitoring');

/** A PromQL expression of the alert rules or the dashboard, and where it is. */
export interface MonitoringQuery {
  /** `alert <name>`, or `panel "<title>" <refId>`. */
  source: string;
  expr: string;
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string }[] }[];
}

export function readRuleFile(file: string): RuleFile {
  // Required here, not at the top: every test file imports @custody/testing, few read rules,
  // and loading yaml costs each of them a fifth of a second.
  const { parse } = require('yaml') as typeof import('yaml');
  return parse(readFileSync(file, 'utf8')) as RuleFile;
}

/** Every alerting rule's expression in `alerts.yml`. */
export function alertQueries(): MonitoringQuery[] {
  return readRuleFile(path.join(MONITORING_DIR, 'alerts.yml')).groups.flatMap((group) =>
    group.rules.map((rule) => ({ source: `alert ${rule.alert ?? rule.record}`, expr: rule.expr })),
  );
}

interface Panel {
  title?: string;
  type?: string;
  panels?: Panel[];
  targets?: { refId?: string; expr?: string }[];
}

/**
 * Grafana's variables, as Grafana hands them to Prometheus; a query with any other `$` variable
 * is refused (promtool could not check it).
 */
const GRAFANA_VARIABLES: Record<string, string> = {
  $__rate_interval: '5m',
  $__interval: '1m',
  $__range: '6h',
};

/** Every query of the dashboard's panels (rows' panels too), its variables replaced. */
export function dashboardQueries(): MonitoringQuery[] {
  const dashboard = JSON.parse(
    readFileSync(path.join(MONITORING_DIR, 'grafana-dashboard.json'), 'utf8'),
  ) as { panels: Panel[] };
  const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  return panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => {
      const expr = (target.expr ?? '').replace(
        /\$__[a-z_]+/g,
        (name) => GRAFANA_VARIABLES[name] ?? name,
      );
      if (expr.includes('$'))
        throw new Error(`panel "${panel.title}": unknown Grafana variable in ${expr}`);
      return { source: `panel "${panel.title}" ${target.refId}`, expr };
    }),
  );
}

/** PromQL words that look like metric names. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
  'atan2',
]);

/**
 * The metric names a PromQL expression selects. Strings, label matchers, ranges and the label
 * lists of grouping and matching clauses are dropped first; then every identifier that is not a
 * call (a function or an aggregation) and not a keyword names a metric.
 */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  const token = /(\d+(?:\.\d+)?(?:e[+-]?\d+)?[a-z]*)|([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g;
  for (const [, , name, call] of stripped.matchAll(token))
    if (name && !call && !KEYWORDS.has(name.toLowerCase())) names.add(name);
  return [...names];
}

/**
 * The series names a Prometheus exposition (`/metrics`) offers, from its `# TYPE` lines: a
 * histogram's `_bucket`, `_count` and `_sum`, a summary's `_count` and `_sum` beside its name.
 */
export function exposedMetricNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) names.add(name + s);
    if (type === 'summary') for (const s of ['_count', '_sum']) names.add(name + s);
  }
  return names;
}
