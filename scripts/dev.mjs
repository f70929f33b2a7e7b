// `npm run dev`: the app with hot reload (Vite on :5173) plus the API/site server (:3000,
// restarted on change). The site's server renderer is rebuilt on change too.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['vite', 'build', '--ssr', 'src/site/entry-server.tsx', '--outDir', 'dist/ssr', '--watch', '--logLevel', 'warn'], {
    stdio: 'inherit',
  }),
  spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.log('App with hot reload: http://localhost:5173/app/tabs/home  ·  site and API: http://localhost:3000/');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
