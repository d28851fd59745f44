// Runs one emulator and stops it when the local stack's main process ends, however it ends.
// The main process holds the only write end of this process's stdin; when the main process
// is gone (a normal stop, a crash, even SIGKILL), the kernel closes it and stdin ends here.
//   node local/guard.mjs <command> [args...]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 5000).unref();
}

child.on('error', (error) => {
  console.error(`Could not start ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
