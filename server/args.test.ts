import { describe, expect, it } from 'vitest';
import { parseCliArgs, usage, UsageError } from './args.js';

describe('parseCliArgs', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([])).toEqual({ port: 7070, host: '127.0.0.1', demo: true, open: false, demoActivityMs: 3000, demoFaults: false, demoStorm: false, auth: 'none', inCluster: false, logFormat: 'text', help: false, version: false });
  });

  it('reads every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseCliArgs([
        '--port', '8080', '--host=::1', '--kubeconfig', '/tmp/kc', '--context=prod', '--no-demo', '--open',
        '--demo-activity-ms', '0', '--demo-seed-pods=500', '--static', 'web', '--demo-faults', '--demo-storm',
        '--public-url', 'https://Kubeglass.Example.com:8443/', '--auth', 'proxy', '--session-keys-file=/keys', '--trusted-proxy', '10.0.0.0/8',
        '--in-cluster', '--log-format', 'json', '--max-watches-per-person', '50', '--max-requests-per-person=20',
      ]),
    ).toEqual({
      port: 8080,
      host: '::1',
      kubeconfig: '/tmp/kc',
      context: 'prod',
      demo: false,
      open: true,
      demoActivityMs: 0,
      demoSeedPods: 500,
      demoFaults: true,
      demoStorm: true,
      staticDir: 'web',
      publicUrl: 'https://kubeglass.example.com:8443',
      auth: 'proxy',
      sessionKeysFile: '/keys',
      trustedProxies: '10.0.0.0/8',
      inCluster: true,
      logFormat: 'json',
      maxWatchesPerPerson: 50,
      maxRequestsPerPerson: 20,
      help: false,
      version: false,
    });
    expect(parseCliArgs(['-h']).help).toBe(true);
    expect(parseCliArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--port'], '--port needs a value'],
    [['--port', '--open'], '--port needs a value'],
    [['--port', 'http'], '--port must be a non-negative integer, got "http"'],
    [['--port', '70000'], '--port must be between 0 and 65535'],
    [['--demo-activity-ms', '-5'], '--demo-activity-ms must be a non-negative integer'],
    [['--open=yes'], '--open takes no value'],
    [['--demo-faults=1'], '--demo-faults takes no value'],
    [['--context='], '--context needs a non-empty value'],
    [['serve'], 'unexpected argument "serve"'],
    [['--public-url', 'kubeglass.example.com'], '--public-url must be an http:// or https:// URL'],
    [['--public-url', 'ftp://kubeglass.example.com'], '--public-url must be an http:// or https:// URL'],
    [['--public-url', 'https://kubeglass.example.com/app/'], 'without path, query or fragment'],
    [['--public-url', 'https://user:pw@kubeglass.example.com'], 'must not carry a user name or password'],
    [['--auth', 'oauth'], '--auth takes none, token, oidc or proxy, got "oauth"'],
    [['--oidc-issuer', 'http://issuer.example.com'], '--oidc-issuer must be an https:// URL'],
    [['--log-format', 'yaml'], '--log-format takes text or json'],
    [['--max-watches-per-person', '0'], '--max-watches-per-person must be at least 1'],
    [['--version=1'], '--version takes no value'],
    [['-n'], '-n needs a value'],
    [['-n', '--open'], '-n needs a value'],
    [['-n', 'Shop'], '--namespace takes a namespace name'],
    [['--namespace', 'a.b'], '--namespace takes a namespace name'],
    [['-n', 'x'.repeat(64)], '--namespace takes a namespace name'],
    [['-x'], 'unknown option -x'],
    [['-hn'], '-h takes no value'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  // kubectl's spellings of the namespace flag, as `kubectl kubeglass` passes them on.
  it.each([[['-n', 'shop']], [['-nshop']], [['-n=shop']], [['--namespace', 'shop']], [['--namespace=shop']]])('reads the namespace from %j', (argv) => {
    expect(parseCliArgs(argv).namespace).toBe('shop');
  });

  it('maps kubectl kubeglass --kubeconfig --context -n --open onto the same options', () => {
    expect(parseCliArgs(['--kubeconfig=/home/k/.kube/prod', '--context', 'prod', '-n', 'kube-system', '--open'])).toMatchObject({
      kubeconfig: '/home/k/.kube/prod',
      context: 'prod',
      namespace: 'kube-system',
      open: true,
    });
    expect(parseCliArgs(['--version']).version).toBe(true);
  });
});

describe('usage', () => {
  it('is one text for both programs, only the first lines name the program', () => {
    const kubeglass = usage('kubeglass');
    const plugin = usage('kubectl kubeglass');
    expect(kubeglass).toMatch(/^Usage: kubeglass \[options\]\n {7}kubeglass demo-cluster/);
    expect(plugin).toMatch(/^Usage: kubectl kubeglass \[options\]/);
    expect(plugin).not.toContain('demo-cluster [options]');
    const options = (text: string): string => text.slice(text.indexOf('\nServes'));
    expect(options(plugin)).toBe(options(kubeglass));
    for (const flag of ['--version', '-n, --namespace NAME', '--context NAME', '--kubeconfig PATH', '--open']) expect(kubeglass).toContain(flag);
  });
});
