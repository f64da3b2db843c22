// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite on :5173 proxying /api.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@taxportal/web'], { stdio: 'inherit' }),
];
const stop = (signal) => procs.forEach((p) => p.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const p of procs)
  p.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode ||= code ?? 0;
  });
