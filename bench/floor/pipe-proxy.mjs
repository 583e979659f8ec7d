// The hop's floor for proxy-bench: the least a Node proxy can do on the same path (node:http server, keep-alive
// agent, the credentials set, the body piped back as it comes), with none of kubeglass's checks, header filtering
// or kubeconfig handling. Run: node bench/floor/pipe-proxy.mjs <port> <API server URL> <bearer token>
import http from 'node:http';

const [port, server, token] = process.argv.slice(2);
const upstream = new URL(server);
const agent = new http.Agent({ keepAlive: true, timeout: 4000, scheduling: 'lifo' });
const PREFIX = '/k8s/demo';

http
  .createServer({ noDelay: true }, (req, res) => {
    const headers = { ...req.headers, host: upstream.host, authorization: `Bearer ${token}`, 'user-agent': `kubeglass (${req.headers['user-agent']})` };
    const request = http.request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url.slice(PREFIX.length), headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    request.on('error', () => res.destroy());
    req.pipe(request);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
