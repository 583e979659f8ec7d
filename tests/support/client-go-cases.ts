// What client-go v0.37.2 (tests/modern-apiserver/go/cmd/client-go-check) must see from a server that answers as kube-apiserver
// v1.37.2 does: the same cases run against the demo cluster (integration tier) and the real server (real
// tier), so the expectations are those the program printed against the real one.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClientGo, runClientGo, stepOf } from './client-go.js';
import type { ClientGoStep } from './client-go.js';

const DISCOVERY_V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** Registers the client-go cases against the server `kubeconfig()` names (called in beforeAll). */
export function clientGoCases(server: string, kubeconfig: () => Promise<string>): void {
  describe(`client-go v0.37.2 against ${server}`, () => {
    let steps: ClientGoStep[];
    let informerOff: ClientGoStep;
    beforeAll(async () => {
      // Cold, the build compiles client-go (minutes on 2 shared cores); the test command builds it first.
      const binary = await buildClientGo();
      const path = await kubeconfig();
      steps = await runClientGo(binary, path, { watchListClient: true });
      informerOff = stepOf(await runClientGo(binary, path, { steps: ['informer'], watchListClient: false }), 'informer');
    }, 900_000);

    it('discovers groups and resources from the two aggregated (v2) documents alone', () => {
      const d = stepOf(steps, 'discovery');
      expect(d.apiContentType).toBe(DISCOVERY_V2);
      expect(d.apisContentType).toBe(DISCOVERY_V2);
      expect(d.perGroupVersionGet).toBe(0);
      expect(d).toMatchObject({ configmaps: true, podsExec: true, deployments: true, deploymentsScale: true });
      expect(d.groups).toEqual(expect.arrayContaining(['', 'apps', 'batch', 'rbac.authorization.k8s.io', 'apiextensions.k8s.io']));
    });

    it('creates, gets, lists, patches and deletes through the dynamic client', () => {
      expect(stepOf(steps, 'dynamic')).toEqual({
        step: 'dynamic',
        createdKind: 'ConfigMap',
        gotName: 'dyn',
        listKind: 'ConfigMapList',
        listed: 1,
        patchedData: { k: 'w' },
        deleted: true,
        afterDelete: { code: 404, reason: 'NotFound', message: 'configmaps "dyn" not found' },
      });
    });

    it('typed CRUD: a stale update is a 409 Conflict', () => {
      expect(stepOf(steps, 'typed')).toEqual({
        step: 'typed',
        updatedData: { v: '2' },
        staleUpdate: {
          code: 409,
          reason: 'Conflict',
          message: 'Operation cannot be fulfilled on configmaps "typed": the object has been modified; please apply your changes to the latest version and try again',
        },
        isConflict: true,
        createAgain: { code: 409, reason: 'AlreadyExists', message: 'configmaps "typed" already exists' },
        deleted: true,
        afterDelete: { code: 404, reason: 'NotFound', message: 'configmaps "typed" not found' },
        rvAdvanced: true,
        uidKept: true,
        typedKindSet: true,
      });
    });

    it('server-side apply: another manager conflicts (409), then forces and owns the field alone', () => {
      expect(stepOf(steps, 'apply')).toEqual({
        step: 'apply',
        conflict: { code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "manager-a": .data.owned' },
        isConflict: true,
        forcedData: { owned: 'b' },
        managers: ['manager-b/Apply'],
      });
    });

    it('pages a label-selected list by limit and continue (no remainingItemCount with a selector)', () => {
      const p = stepOf(steps, 'paging');
      expect(p).toMatchObject({ pages: [2, 2, 1], names: ['page-0', 'page-1', 'page-2', 'page-3', 'page-4'], remaining: [] });
      expect(p.badContinue).toMatchObject({ code: 400, reason: 'BadRequest' });
      expect((p.badContinue as { message: string }).message).toBe("invalid continue token: continue key is not valid: invalid character '\\u009e' looking for beginning of value");
    });

    it.each([
      ['on: one streaming list, no list request', true],
      ['off: a list, then a watch', false],
    ])('shared informer with WatchListClient %s; the cache equals a fresh list after a burst', (_name, on) => {
      const i = on ? stepOf(steps, 'informer') : informerOff;
      expect(i).toEqual({
        step: 'informer',
        watchListClient: on,
        streamingRequests: on ? 1 : 0,
        initialLists: on ? 0 : 1,
        syncedSize: 10,
        cacheEqualsList: true,
        cacheSize: 24,
        listSize: 24,
        handlerCounts: { add: 30, update: 9, delete: 6 },
      });
    });

    it('talks protobuf alone as the e2e framework does: a watch streams protobuf, Events keep their microseconds, deletes and 404s', () => {
      expect(stepOf(steps, 'protobuf')).toEqual({
        step: 'protobuf',
        createdEventTime: '2026-01-02T03:04:05.123456Z',
        v1EventTimes: ['2026-01-02T03:04:05.123456Z 2026-01-02T03:04:06.123456Z'],
        coreEventTimes: ['2026-01-02T03:04:05.123456Z'],
        watched: ['ADDED pb=v [0 1 2]', 'MODIFIED pb=w [0 1 2]', 'DELETED pb=w [0 1 2]'],
        deleted: true,
        afterDelete: { code: 404, reason: 'NotFound', message: 'configmaps "pb" not found' },
        watchTypes: ['application/vnd.kubernetes.protobuf;stream=watch'],
        eventListTypes: ['application/vnd.kubernetes.protobuf', 'application/vnd.kubernetes.protobuf'],
      });
    });

    it('reads /openapi/v2 in protobuf (as kubectl validates with it): the message gnostic makes of the JSON document', () => {
      expect(stepOf(steps, 'openapi')).toEqual({
        step: 'openapi',
        contentType: 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf',
        equalsJSON: true,
        differs: [],
        definitions: true,
        deploymentGVK: '- group: apps\n  kind: Deployment\n  version: v1\n',
        paths: true,
      });
    });
  });
}
