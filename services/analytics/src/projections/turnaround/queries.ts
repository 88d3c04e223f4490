/**
 * Turnaround figures over the turnaround projection, within a TurnaroundScope: for each institution and lab,
 * the median and p90 hours of each stage (TURNAROUND_STAGES) over the requests ordered in the timeframe that
 * reached both of its milestones; and the open requests longest open.
 */
import {
  formatRequestId,
  OPEN_TEST_REQUEST_STATUSES,
  testRequestStatusSchema,
  TURNAROUND_SLOWEST_OPEN,
  TURNAROUND_STAGES,
  type Turnaround,
  type TurnaroundScope,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

const inScope = (scope: TurnaroundScope): FragmentSqlToken =>
  scope.institutionIds === null
    ? sql.fragment`true`
    : sql.fragment`r.institution_id = ANY(${sql.array([...scope.institutionIds], 'int4')})`;

/** The requests ordered in the last `days` days (not archived), with their institution and lab. */
const orderedIn = (scope: TurnaroundScope, days: number) => sql.fragment`
  SELECT r.id, r.institution_id, r.lab_id
  FROM turnaround_requests r
  JOIN turnaround_milestones o ON o.test_request_id = r.id AND o.milestone = 'ordered'
  WHERE NOT r.archived AND o.reached_at >= now() - make_interval(days => ${days}) AND ${inScope(scope)}`;

const groupSchema = z.object({
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  lab_id: z.number().int(),
  lab_name: z.string().nullable(),
  requests: z.number().int(),
});

const stageFigureSchema = z.object({
  institution_id: z.number().int(),
  lab_id: z.number().int(),
  stage: z.string(),
  count: z.number().int(),
  median_hours: z.number(),
  p90_hours: z.number(),
});

const slowSchema = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  lab_id: z.number().int(),
  status: testRequestStatusSchema,
  hours_open: z.number(),
});

const hoursOf = (interval: FragmentSqlToken) =>
  sql.fragment`round((extract(epoch FROM ${interval}) / 3600)::numeric, 2)::float8`;

export async function turnaround(db: CommonQueryMethods, scope: TurnaroundScope, days: number): Promise<Turnaround> {
  const stages = TURNAROUND_STAGES;
  const [groups, figures, slowest] = await Promise.all([
    db.any(sql.type(groupSchema)`
      WITH ordered AS (${orderedIn(scope, days)})
      SELECT o.institution_id, i.name AS institution_name, o.lab_id, l.name AS lab_name, count(*)::int AS requests
      FROM ordered o
      LEFT JOIN institutions i ON i.id = o.institution_id
      LEFT JOIN turnaround_labs l ON l.id = o.lab_id
      GROUP BY o.institution_id, i.name, o.lab_id, l.name
      ORDER BY i.name, o.institution_id, l.name, o.lab_id`),
    db.any(sql.type(stageFigureSchema)`
      WITH ordered AS (${orderedIn(scope, days)}),
      durations AS (
        SELECT o.institution_id, o.lab_id, s.stage,
               extract(epoch FROM b.reached_at - a.reached_at) / 3600 AS hours
        FROM ordered o
        CROSS JOIN unnest(${sql.array(
          stages.map((stage) => stage.key),
          'text',
        )}, ${sql.array(
          stages.map((stage) => stage.from),
          'text',
        )}, ${sql.array(
          stages.map((stage) => stage.to),
          'text',
        )}) AS s(stage, from_milestone, to_milestone)
        JOIN turnaround_milestones a ON a.test_request_id = o.id AND a.milestone = s.from_milestone
        JOIN turnaround_milestones b ON b.test_request_id = o.id AND b.milestone = s.to_milestone
      )
      SELECT institution_id, lab_id, stage, count(*)::int AS count,
             round((percentile_cont(0.5) WITHIN GROUP (ORDER BY hours))::numeric, 2)::float8 AS median_hours,
             round((percentile_cont(0.9) WITHIN GROUP (ORDER BY hours))::numeric, 2)::float8 AS p90_hours
      FROM durations
      GROUP BY institution_id, lab_id, stage`),
    db.any(sql.type(slowSchema)`
      SELECT r.id, r.institution_id, r.lab_id, r.status, ${hoursOf(sql.fragment`now() - o.reached_at`)} AS hours_open
      FROM turnaround_requests r
      JOIN turnaround_milestones o ON o.test_request_id = r.id AND o.milestone = 'ordered'
      WHERE NOT r.archived AND r.status = ANY(${sql.array([...OPEN_TEST_REQUEST_STATUSES], 'text')})
        AND ${inScope(scope)}
      ORDER BY o.reached_at, r.id
      LIMIT ${TURNAROUND_SLOWEST_OPEN}`),
  ]);
  const figureOf = (group: z.infer<typeof groupSchema>, stage: string) =>
    figures.find(
      (row) => row.institution_id === group.institution_id && row.lab_id === group.lab_id && row.stage === stage,
    );
  return {
    timeframe: days,
    groups: groups.map((group) => ({
      ...group,
      stages: stages.map((stage) => {
        const figure = figureOf(group, stage.key);
        return {
          stage: stage.key,
          from: stage.from,
          to: stage.to,
          count: figure?.count ?? 0,
          median_hours: figure?.median_hours ?? null,
          p90_hours: figure?.p90_hours ?? null,
        };
      }),
    })),
    slowest_open: slowest.map((row) => ({ ...row, display_id: formatRequestId(row.id) })),
  };
}
