import { describe, expect, it } from 'vitest';
import { isStream } from './stream-path.js';

describe('isStream (whose response headers the proxy sends before any body)', () => {
  it('knows watches by query and by the legacy /watch/ paths, and followed logs', () => {
    for (const path of [
      '/api/v1/pods?watch=1&resourceVersion=10',
      '/api/v1/namespaces/demo/pods?watch=true',
      '/apis/apps/v1/deployments?allowWatchBookmarks=true&watch=True',
      '/api/v1/watch/pods',
      '/api/v1/watch/namespaces/demo/pods/web',
      '/apis/apps/v1/watch/deployments',
      '/api/v1/namespaces/demo/pods/web/log?follow=true&container=app',
    ]) {
      expect(isStream(path), path).toBe(true);
    }
  });

  it('leaves lists, gets, logs without follow and explicit watch=false alone', () => {
    for (const path of [
      '/api/v1/pods?limit=500',
      '/api/v1/namespaces/watch/pods',
      '/apis/watch.example.com/v1/watchers',
      '/api/v1/namespaces/demo/pods/web/log?tailLines=10',
      '/api/v1/pods?watch=false',
      '/api/v1/pods?watch=0',
      '/openapi/v2',
    ]) {
      expect(isStream(path), path).toBe(false);
    }
  });
});
