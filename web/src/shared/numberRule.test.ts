/** A number field's rule checks what the server checks and says what the server's answer would say. */
import { CATALOGUE_NUMBER_RULES, REMINDER_TIME_VALUE_RULES } from '@labline/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { numberRule } from './numberRule';

/** The rule's verdict on a value: its sentence, or null when taken. */
async function verdict(rule: ReturnType<typeof numberRule>, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject;
  try {
    await validator?.({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('numberRule', () => {
  const capacity = numberRule('max_capacity', CATALOGUE_NUMBER_RULES.max_capacity);

  it('refuses a max capacity of 0, -5 or 1.5 with the sentence, where the input used to round them', async () => {
    expect(await verdict(capacity, 0)).toBe('Max Capacity (µL) must be at least 1.');
    expect(await verdict(capacity, -5)).toBe('Max Capacity (µL) must be at least 1.');
    expect(await verdict(capacity, 1.5)).toBe('Max Capacity (µL) must be a whole number.');
  });

  it('takes what the server takes, and leaves an empty field to the required rule', async () => {
    expect(await verdict(capacity, 1)).toBeNull();
    expect(await verdict(capacity, null)).toBeNull();
    expect(await verdict(capacity, undefined)).toBeNull();
  });

  it("names the field with the form's own label", async () => {
    const timeValue = numberRule('time_value', REMINDER_TIME_VALUE_RULES, {
      time_value: 'Time Value',
    });
    expect(await verdict(timeValue, 0)).toBe('Time Value must be at least 1.');
    expect(await verdict(timeValue, 2.5)).toBe('Time Value must be a whole number.');
    expect(await verdict(timeValue, 7)).toBeNull();
  });
});
