import type { Caller, ResultInput, ResultStatus } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { ResultsContext } from '../config';
import { resultDecider, type ResultCommand } from '../domain/result/decide';
import { resultStream } from '../domain/result/events';
import { entryFacts } from '../projections/results/queries';

/** What results' commands write with. */
export type CommandDependencies = Pick<ResultsContext, 'pool' | 'commands'>;

const contentOf = (input: ResultInput) => ({
  result_data: input.result_data,
  result_values: input.result_values,
  interpretation: input.interpretation,
});

/** POST /results: a new result (a draft) for a test request of the caller's institutions; returns its id. */
export async function enterResult(
  deps: CommandDependencies,
  caller: Caller,
  input: ResultInput,
  metadata: AppendMetadata,
): Promise<number> {
  const facts = await entryFacts(deps.pool, input.test_request_id);
  const resultId = await nextId(deps.pool, 'test_result_id_seq');
  await deps.commands.handleCommand({
    stream: resultStream(resultId),
    decider: resultDecider,
    command: {
      type: 'EnterResult',
      data: { resultId, content: contentOf(input), status: input.status, caller, facts },
    },
    metadata,
  });
  return resultId;
}

type SaveData = Extract<ResultCommand, { type: 'SaveResult' }>['data'];

/** A save of the result: its decider applies the status table, the locked test request and the reason rule. */
const save = (deps: CommandDependencies, data: SaveData, metadata: AppendMetadata) =>
  deps.commands.handleCommand({
    stream: resultStream(data.resultId),
    decider: resultDecider,
    command: { type: 'SaveResult', data },
    metadata,
  });

/** PUT /results/{id}: new content, and a status along the table (an amendment with its reason). */
export async function saveResult(
  deps: CommandDependencies,
  caller: Caller,
  resultId: number,
  input: ResultInput,
  metadata: AppendMetadata,
): Promise<void> {
  const { test_request_id, status, amendment_reason } = input;
  await save(
    deps,
    { resultId, test_request_id, content: contentOf(input), status, amendment_reason, caller },
    metadata,
  );
}

/** POST /results/{id}/review: the Review menu's move, the content unchanged. */
export async function reviewResult(
  deps: CommandDependencies,
  caller: Caller,
  resultId: number,
  status: ResultStatus,
  metadata: AppendMetadata,
): Promise<void> {
  const data = { resultId, test_request_id: null, content: null, status, amendment_reason: null, caller };
  await save(deps, data, metadata);
}
