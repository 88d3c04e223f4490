import { Form } from 'antd';
import { DateInput } from './DateInput';
import { isoDay, typedDateProblem, type TypedDateRules } from './typedDate';

interface DateFieldProps extends Omit<TypedDateRules, 'today'> {
  name: string;
  label: string;
}

/**
 * A form's date field in the app's one format (DateInput: "28 Nov 2026", typed or picked). Its value is the date
 * (YYYY-MM-DD), or the text as typed when that is not one: such a text (31 Feb 2000) or a date outside the rules
 * (one in the future) stays in the box and the field says why, rather than being cleared.
 */
export function DateField({ name, label, ...rules }: DateFieldProps) {
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[
        {
          validator: async (_, value: string | null | undefined) => {
            const problem = typedDateProblem(value, rules);
            if (problem !== null) throw new Error(problem);
          },
        },
      ]}
    >
      <DateInput min={rules.earliest} max={rules.notInFuture ? isoDay(new Date()) : undefined} />
    </Form.Item>
  );
}
