// The one HTTP helper of the demo-cluster tests: a request to a running cluster as the admin (or another
// token, or none), with the body decoded once.
import type { DemoClusterTlsHandle } from '../index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary JSON
export type Json = Record<string, any>;

export interface ApiRequest {
  method?: string;
  /** A string is sent as it is, anything else as JSON. */
  body?: unknown;
  /** Content-Type of the body; application/json by default. */
  contentType?: string;
  /** Bearer token; the admin's by default, null for none. */
  token?: string | null;
  headers?: Record<string, string>;
  /** 'manual' to see a redirect itself rather than where it leads. */
  redirect?: 'follow' | 'manual';
}

export interface ApiResponse {
  status: number;
  /** The JSON body, or `{ text }` when the body is not JSON. */
  body: Json;
  text: string;
  headers: Headers;
  /** The Warning header, if any. */
  warnings: string | null;
}

export type Api = (path: string, request?: ApiRequest) => Promise<ApiResponse>;

/** A request function for a cluster (a getter, for clusters started in beforeAll). */
export function apiFor(cluster: DemoClusterTlsHandle | (() => DemoClusterTlsHandle)): Api {
  return async (path, request = {}) => {
    const c = typeof cluster === 'function' ? cluster() : cluster;
    const headers: Record<string, string> = { ...request.headers };
    const token = request.token === undefined ? c.tokens.admin : request.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    if (body !== undefined) headers['Content-Type'] ??= request.contentType ?? 'application/json';
    const res = await fetch(c.url + path, { method: request.method ?? 'GET', headers, redirect: request.redirect ?? 'follow', ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, body: parseJson(text), text, headers: res.headers, warnings: res.headers.get('warning') };
  };
}

function parseJson(text: string): Json {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Json) : { text };
  } catch {
    return { text };
  }
}
