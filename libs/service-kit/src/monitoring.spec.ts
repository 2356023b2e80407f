import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import {
  alertQueries,
  dashboardQueries,
  metricNames,
  MONITORING_DIR,
  readRuleFile,
} from '@custody/testing';

// The alert rules, their tests, the dashboard's queries and the example configuration, checked by
// Prometheus's own tool: promtool, from Debian's `prometheus` package (.ci/run installs it). That
// the metrics they name are exposed is checked against a running stack (stack-e2e, stack.spec.ts).

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: MONITORING_DIR, encoding: 'utf8' });
  if (run.error)
    throw new Error(
      `promtool did not run (${run.error.message}): install Debian's prometheus package`,
    );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface RuleTests {
  tests: {
    input_series: { series: string }[];
    alert_rule_test?: {
      alertname: string;
      exp_alerts: { exp_labels?: Record<string, string> }[];
    }[];
  }[];
}

/** The labels of a series written `name{a="b",…}`. */
function labelsOf(series: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, name, value] of series.matchAll(/([a-zA-Z_]\w*)="((?:\\.|[^"\\])*)"/g))
    if (name !== undefined && value !== undefined) labels[name] = value;
  return labels;
}

const alerts = alertQueries();

describe('the alert rules (docker/monitoring/alerts.yml)', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', 'alerts.yml');
    expect(output).toContain(`SUCCESS: ${alerts.length} rules found`);
    expect(status).toBe(0);
  });

  it('fire and stay silent as their tests expect (promtool test rules)', () => {
    const { status, output } = promtool('test', 'rules', 'alerts.test.yml');
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('each have a test where they fire, beside series that do not, and one where none fires', () => {
    const suite = parse(
      readFileSync(path.join(MONITORING_DIR, 'alerts.test.yml'), 'utf8'),
    ) as RuleTests;
    const fired = new Set<string>();
    const silent = new Set<string>();
    const withQuietSeries = new Set<string>();
    for (const test of suite.tests) {
      const series = test.input_series.map((s) => labelsOf(s.series));
      for (const check of test.alert_rule_test ?? []) {
        if (check.exp_alerts.length === 0) {
          silent.add(check.alertname);
          continue;
        }
        fired.add(check.alertname);
        // A series that fires none of the expected alerts: it differs from each in a label
        // both have (severity is the rule's own).
        const expected = check.exp_alerts.map(
          ({ exp_labels: { severity: _, ...labels } = {} }) => labels,
        );
        const quiet = series.some((s) =>
          expected.every((labels) =>
            Object.entries(labels).some(([k, v]) => s[k] !== undefined && s[k] !== v),
          ),
        );
        if (quiet) withQuietSeries.add(check.alertname);
      }
    }
    const names = alerts.map((a) => a.source.replace(/^alert /, '')).sort();
    expect([...fired].sort()).toEqual(names);
    expect([...silent].sort()).toEqual(names);
    expect([...withQuietSeries].sort()).toEqual(names);
  });

  it('are each explained in docs/monitoring.md', () => {
    const doc = readFileSync(path.resolve(MONITORING_DIR, '../../docs/monitoring.md'), 'utf8');
    const missing = alerts
      .map((a) => a.source.replace(/^alert /, ''))
      .filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('the Grafana dashboard (docker/monitoring/grafana-dashboard.json)', () => {
  const queries = dashboardQueries();

  it('has queries, each naming the metrics it reads', () => {
    expect(queries.length).toBeGreaterThan(20);
    const empty = queries.filter((q) => metricNames(q.expr).length === 0).map((q) => q.source);
    expect(empty).toEqual([]);
  });

  it('has queries promtool parses, each wrapped as a recording rule', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dashboard-rules-'));
    try {
      const file = path.join(dir, 'dashboard.rules.yml');
      const rules = queries.map((q, i) => ({ record: `dashboard:query_${i + 1}`, expr: q.expr }));
      writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules }] }));
      // The file promtool read back has every query (a lost one would pass unchecked).
      expect(readRuleFile(file).groups[0]?.rules.map((r) => r.expr)).toEqual(
        queries.map((q) => q.expr),
      );
      const { status, output } = promtool('check', 'rules', file);
      expect(output).toContain(`SUCCESS: ${queries.length} rules found`);
      expect(status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the example Prometheus configuration (docker/monitoring/prometheus.yml)', () => {
  it('passes promtool check config, with the alert rules', () => {
    const { status, output } = promtool('check', 'config', 'prometheus.yml');
    expect(output).toContain('SUCCESS: 1 rule files found');
    expect(status).toBe(0);
  });
});
