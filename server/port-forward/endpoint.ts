// /-/port-forwards: start (POST, JSON), list (GET) and stop (DELETE /-/port-forwards/{id}) the person's forwards.
// Reached only after the checks every API path gets (Host, Origin, Sec-Fetch-Site, session).
import { readJsonRequestBody } from '../json-request-body.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Person } from '../person.js';
import { makeStatus, sendStatus } from '../status.js';
import { PORT_FORWARDS_PATH, type PortForwardRequest } from '../../wire/port-forward.js';
import type { PortForwards } from './port-forwards.js';

const MAX_BODY_BYTES = 16 * 1024;
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** True for the paths this endpoint answers. */
export function isPortForwardPath(pathname: string): boolean {
  return pathname === PORT_FORWARDS_PATH || pathname.startsWith(`${PORT_FORWARDS_PATH}/`);
}

function sendJson(res: ServerResponse, code: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(code, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const isPort = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535;

/** The request the body asks for, or what is wrong with it. */
export function parsePortForwardRequest(text: string): PortForwardRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'the body is not a JSON object';
  const { context, namespace, pod, port, localPort } = value as Record<string, unknown>;
  if (typeof context !== 'string' || context === '') return '"context" must name a context';
  if (typeof namespace !== 'string' || !NAME.test(namespace)) return '"namespace" must be a namespace name';
  if (typeof pod !== 'string' || !NAME.test(pod)) return '"pod" must be a pod name';
  if (!isPort(port)) return '"port" must be a port number (1-65535)';
  if (localPort !== undefined && !isPort(localPort)) return '"localPort" must be a port number (1-65535) or absent';
  return { context, namespace, pod, port, ...(localPort !== undefined ? { localPort } : {}) };
}

/** Answers a request on PORT_FORWARDS_PATH. */
export function handlePortForwards(req: IncomingMessage, res: ServerResponse, pathname: string, person: Person, forwards: PortForwards): void {
  const method = req.method ?? 'GET';
  if (pathname === PORT_FORWARDS_PATH && (method === 'GET' || method === 'HEAD')) {
    sendJson(res, 200, { items: forwards.list(person) });
    return;
  }
  if (pathname !== PORT_FORWARDS_PATH && method === 'DELETE') {
    let id: string;
    try {
      id = decodeURIComponent(pathname.slice(PORT_FORWARDS_PATH.length + 1));
    } catch {
      sendStatus(res, makeStatus(400, `not a port forward id: ${pathname.slice(PORT_FORWARDS_PATH.length + 1)}`));
      req.resume();
      return;
    }
    const stopped = forwards.stop(person, id);
    if (stopped) sendJson(res, 200, stopped);
    else sendStatus(res, makeStatus(404, `you hold no port forward "${id}"`));
    req.resume();
    return;
  }
  if (pathname !== PORT_FORWARDS_PATH || method !== 'POST') {
    sendStatus(res, makeStatus(405, `method ${method} is not allowed on ${pathname}`, 'MethodNotAllowed'));
    req.resume();
    return;
  }
  readJsonRequestBody(req, res, PORT_FORWARDS_PATH, MAX_BODY_BYTES, (text) => {
    const request = parsePortForwardRequest(text);
    if (typeof request === 'string') {
      sendStatus(res, makeStatus(400, `${request}: POST ${PORT_FORWARDS_PATH} takes {"context", "namespace", "pod", "port", "localPort"?}`));
      return;
    }
    forwards.start(person, request).then(
      (answer) => {
        if ('kind' in answer) sendStatus(res, answer);
        else sendJson(res, 201, answer);
      },
      () => sendStatus(res, makeStatus(500, 'kubeglass internal error')),
    );
  });
}
