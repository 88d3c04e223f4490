/** `tsx deploy/sandboxes/lab/src/main.ts`: the laboratory sandbox as a process, configured from the environment. */
import { stopOnSignals } from '@labline/sandbox-kit';
import { loadLabSandboxConfig } from './config';
import { startLabSandbox } from './server';

const config = loadLabSandboxConfig();
const sandbox = await startLabSandbox({
  host: config.HOST,
  port: config.PORT,
  sampleReceivedAfterMs: config.SAMPLE_RECEIVED_AFTER_MS,
  completeAfterMs: config.COMPLETE_AFTER_MS,
});
console.log(`Laboratory sandbox: FHIR R4 on ${sandbox.fhirUrl}`);

stopOnSignals(sandbox);
