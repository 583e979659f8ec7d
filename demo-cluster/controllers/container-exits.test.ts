import { describe, expect, it } from 'vitest';
import { containerExit } from './container-exits.js';

describe('containerExit', () => {
  it('reads when and how a command ends', () => {
    expect(containerExit({ command: ['sh', '-c', 'exit 0'] })).toEqual({ afterMs: 0, exitCode: 0 });
    expect(containerExit({ command: ['/bin/sh', '-c', 'sleep 2; exit 3'] })).toEqual({ afterMs: 2000, exitCode: 3 });
    expect(containerExit({ command: ['/bin/false'] })).toEqual({ afterMs: 0, exitCode: 1 });
    expect(containerExit({ command: ['sleep'], args: ['5'] })).toEqual({ afterMs: 5000, exitCode: 0 });
    expect(containerExit({ image: 'busybox', args: ['sh', '-c', 'echo hi && false'] })).toEqual({ afterMs: 0, exitCode: 1 });
    expect(containerExit({ image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: ['mounttest', '--fs_type=/x'] })).toEqual({ afterMs: 0, exitCode: 0 });
  });

  it('takes the image entrypoint, daemons and loops as running on', () => {
    expect(containerExit({ image: 'nginx' })).toBeUndefined();
    expect(containerExit({ command: ['sh', '-c', 'while true; do sleep 1; done'] })).toBeUndefined();
    expect(containerExit({ command: ['sleep', 'infinity'] })).toBeUndefined();
    expect(containerExit({ image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: ['pause'] })).toBeUndefined();
    expect(containerExit({ command: ['/usr/bin/my-server', '--port=80'] })).toBeUndefined();
  });
});
