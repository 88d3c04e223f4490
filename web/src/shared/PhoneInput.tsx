import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { FlagText } from './Flag';
import {
  PHONE_COUNTRIES,
  joinPhoneNumber,
  nationalNumberMaxLength,
  splitPhoneNumber,
  type PhoneCountryCode,
  type PhoneParts,
} from './phone';

interface PhoneInputProps {
  /** Set by Form.Item so that its label points at the number field. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

const COUNTRY_OPTIONS = PHONE_COUNTRIES.map((country) => ({
  value: country.code,
  label: `${country.flag} ${country.name} (${country.dialCode})`,
  selectedLabel: `${country.flag} ${country.dialCode}`,
}));
type CountryOption = (typeof COUNTRY_OPTIONS)[number];

/** A country-code picker (default GB) and the number; the value is "+{dial code} {number}" or empty. */
export function PhoneInput({ id, value, onChange, disabled }: PhoneInputProps) {
  const [parts, setParts] = useState<PhoneParts>(() => splitPhoneNumber(value));
  const [seenValue, setSeenValue] = useState(value);

  // A value set from outside (form reset, loaded data) replaces the parts; our own echo does not, so a
  // country sharing its dial code (Canada and the US) stays as picked.
  if (value !== seenValue) {
    setSeenValue(value);
    if ((value ?? '') !== joinPhoneNumber(parts)) setParts(splitPhoneNumber(value));
  }

  const update = (next: PhoneParts) => {
    setParts(next);
    onChange?.(joinPhoneNumber(next));
  };

  return (
    <Space.Compact block>
      <Select<PhoneCountryCode, CountryOption>
        aria-label="Country code"
        value={parts.country}
        options={COUNTRY_OPTIONS}
        onChange={(country) => update({ ...parts, country })}
        labelRender={({ value: code }) => (
          <FlagText>{COUNTRY_OPTIONS.find((option) => option.value === code)?.selectedLabel ?? ''}</FlagText>
        )}
        optionRender={({ data }) => <FlagText decorative>{data.label}</FlagText>}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={320}
        disabled={disabled}
        style={{ width: 120, flexShrink: 0 }}
      />
      <Input
        id={id}
        type="tel"
        autoComplete="tel-national"
        value={parts.number}
        maxLength={nationalNumberMaxLength(parts.country)}
        onChange={(event) => update({ ...parts, number: event.target.value })}
        disabled={disabled}
      />
    </Space.Compact>
  );
}
