// Debian's nginx as the load balancer in front of Kubeglass replicas: round robin without session affinity, as a real
// deployment's Ingress would do it, so team-mode tests see what a real proxy does to watches, upgrades, headers and a
// replica that dies. Everything it writes (pid, logs, temp files) stays in a folder of its own; it runs in the
// foreground as the test's child, so a test that dies takes it along.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX = process.env.KUBEGLASS_NGINX ?? '/usr/sbin/nginx';

export interface Nginx {
  /** http://127.0.0.1:PORT */
  url: string;
  stop(): Promise<void>;
  /** One line a request: `METHOD URI STATUS upstream=ADDR[, ADDR...] host=HOST`, ADDR the replicas tried in turn. */
  accessLog(): string;
}

function config(dir: string, port: number, upstreamPorts: readonly number[]): string {
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  return `# Written by tests/support/nginx.ts.
${process.getuid?.() === 0 ? '# As root, workers would become nobody, who cannot write into this folder.\nuser root root;\n' : ''}daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 1024; }
http {
  log_format upstream '$request_method $request_uri $status upstream=$upstream_addr host=$http_host';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # An upgrade asks the replica to switch protocols; any other request closes its upstream connection.
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream kubeglass {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://kubeglass;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Watches and log follows stream: hand each chunk on as it comes, and let a quiet one stay open.
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # A killed replica refuses the connection: the request goes to the next one (the request has not been sent,
      # so this is safe for writes too), and the dead one is left out for fail_timeout (10 s).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx on 127.0.0.1:port, balancing round robin over 127.0.0.1:upstreamPorts; resolves once it accepts. */
export async function startNginx(options: { port: number; upstreamPorts: readonly number[] }): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'kubeglass-nginx-'));
  writeFileSync(join(dir, 'nginx.conf'), config(dir, options.port, options.upstreamPorts));
  // -e: nginx opens its compiled-in error log (/var/log/nginx) before it reads the config, unless told another.
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const errors = (): string => {
    try {
      return `${output}${readFileSync(join(dir, 'error.log'), 'utf8')}`;
    } catch {
      return output;
    }
  };
  const stop = async (): Promise<void> => {
    if (!gone) {
      // TERM is nginx's fast shutdown: the master ends its worker, then itself.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // The pid file comes after nginx has bound its port: a port some other process holds is then not taken for ready.
  const ready = async (): Promise<boolean> => existsSync(join(dir, 'nginx.pid')) && !gone && (await listening(options.port));
  for (let i = 0; !(await ready()); i++) {
    if (gone || i > 100) {
      await stop();
      throw new Error(`nginx did not start on port ${options.port}: ${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop,
    accessLog: () => {
      try {
        return readFileSync(join(dir, 'access.log'), 'utf8');
      } catch {
        return '';
      }
    },
  };
}
