import { exposedMetricNames, metricNames } from './monitoring';

describe('metricNames', () => {
  it('names the metrics a query selects, not its functions, aggregations or label names', () => {
    expect(
      metricNames(
        'sum by (app, outcome) (rate(rpc_server_duration_seconds_count{outcome="error",app=~"a|b"}[5m]))' +
          ' / ignoring (outcome) group_left (app) sum without (instance) (rate(x_total[5m:1m]))',
      ).sort(),
    ).toEqual(['rpc_server_duration_seconds_count', 'x_total']);
  });

  it('reads keywords, offsets and numbers as what they are', () => {
    expect(
      metricNames(
        'max without (instance) (chain_head_block) <= max without (instance) (chain_head_block offset 10m)' +
          ' and on () vector(0) > bool 0.05 or time() - last_run unless nan',
      ).sort(),
    ).toEqual(['chain_head_block', 'last_run']);
  });

  it('ignores what strings and label values say', () => {
    expect(metricNames('label_replace(up_total, "dst", "not_a_metric", "src", "(.*)")')).toEqual([
      'up_total',
    ]);
  });
});

describe('exposedMetricNames', () => {
  it("offers a histogram's series and each declared metric by the name it is scraped under", () => {
    const names = exposedMetricNames(
      [
        '# HELP rpc_seconds RPC',
        '# TYPE rpc_seconds histogram',
        'rpc_seconds_bucket{le="1"} 0',
        '# HELP events_total Events',
        '# TYPE events_total counter',
        '# HELP queue_depth Depth',
        '# TYPE queue_depth gauge',
      ].join('\n'),
    );
    expect([...names].sort()).toEqual([
      'events_total',
      'queue_depth',
      'rpc_seconds',
      'rpc_seconds_bucket',
      'rpc_seconds_count',
      'rpc_seconds_sum',
    ]);
  });
});
