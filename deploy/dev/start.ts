/** `npm start`: the whole system with demo data on http://localhost:8080 (PORT to change). */
import { startStack } from './stack';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './services';

const port = Number(process.env.PORT ?? 8080);
const seed = process.env.LABLINE_SEED === 'none' ? 'none' : 'demo';

try {
  const stack = await startStack({ port, mode: 'persistent', seed, output: 'inherit' });
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
  Press Ctrl-C to stop. Data is kept in .labline/ (or the configured database) for the next start.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[labline] stopping...');
    await stack.stop();
    console.log('[labline] stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  console.error(`[labline] could not start: ${(error as Error).message}`);
  process.exit(1);
}
