// A round-robin reverse proxy for team-mode tests: each request (and WebSocket upgrade) goes to the next replica, as a
// load balancer without session affinity sends it; a replica that refuses the connection is skipped, as nginx's
// proxy_next_upstream does. Bodies are read whole first, so a request can be sent again to the next replica.
import http, { type IncomingMessage } from 'node:http';
import net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests and upgrades each replica answered, by its port. */
  served: Map<number, number>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(replicaPorts: readonly number[], port = 0): Promise<RoundRobinProxy> {
  let next = 0;
  const served = new Map<number, number>(replicaPorts.map((p) => [p, 0]));
  const order = (): number[] => {
    const start = next++ % replicaPorts.length;
    return [...replicaPorts.slice(start), ...replicaPorts.slice(0, start)];
  };
  const count = (p: number): void => {
    served.set(p, (served.get(p) ?? 0) + 1);
  };
  const sockets = new Set<net.Socket>();

  const forward = (req: IncomingMessage, body: Buffer, res: http.ServerResponse, candidates: number[]): void => {
    const [target, ...rest] = candidates;
    if (target === undefined) {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('no replica answered');
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!res.headersSent && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET')) forward(req, body, res, rest);
      else res.destroy();
    });
    upstream.on('response', (answer) => {
      count(target);
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      res.flushHeaders();
      answer.pipe(res);
      res.on('close', () => answer.destroy());
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, order()));
  });

  server.on('upgrade', (req: IncomingMessage, client: net.Socket, head: Buffer) => {
    const tryNext = (candidates: number[]): void => {
      const [target, ...rest] = candidates;
      if (target === undefined) {
        client.destroy();
        return;
      }
      const upstream = net.connect(target, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : tryNext(rest)));
      upstream.on('connect', () => {
        connected = true;
        count(target);
        sockets.add(upstream);
        const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
        for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        const end = (): void => {
          upstream.destroy();
          client.destroy();
          sockets.delete(upstream);
        };
        upstream.on('close', end);
        client.on('close', end);
        client.on('error', end);
      });
    };
    tryNext(order());
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
