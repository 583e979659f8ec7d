// Development: compile the Node side, run the kubeglass server on 7070, and Vite (hot reload) in front of it.
import { spawn, spawnSync } from 'node:child_process';

const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
const server = spawn(process.execPath, ['bin/kubeglass.js', '--port', '7070', ...process.argv.slice(2)], { stdio: 'inherit' });
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, KUBEGLASS_BACKEND: 'http://127.0.0.1:7070' } });
const stop = () => {
  server.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', stop);
vite.on('exit', stop);
