/**
 * `npm start`: the whole system with demo data on http://localhost:8080 (PORT to change). It stops everything,
 * with a non-zero exit code, when any of its processes exits; Ctrl-C stops everything with 0.
 * LABLINE_DATA=ephemeral runs on a throwaway database and NATS instead of .labline/ (the runner's own tests).
 */
import { PortInUseError } from './process';
import { startStack } from './stack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './services';

const port = Number(process.env.PORT ?? 8080);
const seed = process.env.LABLINE_SEED === 'none' ? 'none' : 'demo';
const mode = process.env.LABLINE_DATA === 'ephemeral' ? 'ephemeral' : 'persistent';

function whatToDo(error: unknown): string {
  if (!(error instanceof PortInUseError)) return `could not start: ${(error as Error).message}`;
  const other = error.port === 8090 ? 8091 : 8090;
  return `could not start: ${error.message}.
  Stop what runs there (Ctrl-C in its terminal), or start on another port: PORT=${other} npm start`;
}

try {
  const stack = await startStack({ port, mode, seed, output: 'inherit' });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[labline] stopping...');
    await stack.stop();
    console.log('[labline] stopped.');
    process.exit(0);
  };
  // Before the banner: whoever sees it may press Ctrl-C at once.
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGHUP', () => void shutdown());
  // The stack has already said which process exited, with its last lines, and stopped the others.
  void stack.exited.then(() => {
    if (stopping) return;
    console.error('[labline] stopped: Labline is not running.');
    process.exit(1);
  });
  const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length));
  console.log(`
  Labline is running: ${stack.url}
${
  seed === 'demo'
    ? `
  Demo accounts (password: ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map(([email, role]) => `    ${email.padEnd(width)}  ${role}`).join('\n')}
`
    : ''
}
  Press Ctrl-C to stop. ${
    mode === 'persistent'
      ? 'Data is kept in .labline/ (or the configured database) for the next start.'
      : 'Its data is thrown away when it stops.'
  }
`);
} catch (error) {
  console.error(`[labline] ${whatToDo(error)}`);
  process.exit(1);
}
