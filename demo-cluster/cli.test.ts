import { describe, expect, it } from 'vitest';
import { parseDemoClusterArgs } from './cli.js';

describe('kubeglass demo-cluster flags', () => {
  it('defaults, "--flag value" and "--flag=value"', () => {
    expect(parseDemoClusterArgs([])).toEqual({ port: 0, host: '127.0.0.1', activityMs: 2000 });
    expect(parseDemoClusterArgs(['--port', '6443', '--host=0.0.0.0', '--write-kubeconfig', 'demo.kubeconfig', '--activity-ms=0', '--seed-pods', '500', '--compaction-ms=60000'])).toEqual({
      port: 6443,
      host: '0.0.0.0',
      kubeconfig: 'demo.kubeconfig',
      activityMs: 0,
      seedPods: 500,
      compactionMs: 60000,
    });
  });

  it('refuses unknown flags, missing values and bad numbers with the usage', () => {
    expect(() => parseDemoClusterArgs(['--bogus'])).toThrow(/^unknown flag: --bogus\nusage: kubeglass demo-cluster/);
    expect(() => parseDemoClusterArgs(['--port'])).toThrow(/^--port needs a value\n/);
    expect(() => parseDemoClusterArgs(['--seed-pods=-1'])).toThrow(/^--seed-pods: not a non-negative integer: -1\n/);
    expect(() => parseDemoClusterArgs(['-h'])).toThrow(/^usage: /);
  });
});
