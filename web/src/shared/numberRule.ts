import { NUMBER_PROBLEMS, numberProblem, type NumberRules } from '@labline/contracts';
import type { Rule } from 'antd/es/form';
import { describeServerError, type FieldLabels } from './apiError';

/**
 * A number field's form rule with the server's rules and its sentence ("Max Capacity (µL) must be at least 1.",
 * as the server's answer shows it on the field). Used instead of InputNumber's min/max/precision, which silently
 * turned 0 into 1 or 1.5 into 2 on blur: the field keeps what was typed. An empty field is left to `required`.
 */
export function numberRule(field: string, rules: NumberRules, labels: FieldLabels = {}): Rule {
  return {
    validator: async (_, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const problem = typeof value === 'number' ? numberProblem(value, rules) : NUMBER_PROBLEMS.notANumber;
      if (problem !== null) throw new Error(describeServerError(`${field}: ${problem}`, 400, labels).message);
    },
  };
}
