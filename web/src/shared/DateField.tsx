import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { DATE_INPUT_FORMAT, typedDateProblem, type TypedDateRules } from './typedDate';

interface DateFieldProps extends Omit<TypedDateRules, 'today'> {
  name: string;
  label: string;
}

/**
 * A form's date field that may be typed into (DD/MM/YYYY) as well as picked. A typed text the picker cannot take
 * (31/02/2000) or a date outside the rules (one in the future) stays in the box and the field says why, rather than
 * being cleared.
 */
export function DateField({ name, label, ...rules }: DateFieldProps) {
  // The text in the box when it was left; the picker does not report an untaken text through its value.
  const typedText = useRef('');

  return (
    <Form.Item
      label={label}
      name={name}
      validateTrigger={['onChange', 'onBlur']}
      rules={[
        {
          validator: async () => {
            const problem = typedDateProblem(typedText.current, rules);
            if (problem !== null) throw new Error(problem);
          },
        },
      ]}
    >
      <DatePicker
        format={DATE_INPUT_FORMAT}
        placeholder={DATE_INPUT_FORMAT}
        preserveInvalidOnBlur
        // No disabledDate: the picker wiped a typed date it disables (a future birth date) on blur. The field's
        // rule says what is wrong instead, and the date stays for the user to correct.
        onBlur={(event) => {
          if (event.target instanceof HTMLInputElement) typedText.current = event.target.value;
        }}
        onChange={(date: Dayjs | null) => {
          typedText.current = date === null ? '' : date.format(DATE_INPUT_FORMAT);
        }}
        // Enter confirms the typed date; it must not also submit the half-filled form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
