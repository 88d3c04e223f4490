import { CalendarOutlined } from '@ant-design/icons';
import { DATE_FORMAT_EXAMPLE } from '@labline/contracts';
import { Button, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { dateBoxText, dateBoxValueOf, dateOfDateBox, type DateBoxValue } from './typedDate';

interface DateInputProps {
  /** Set by Form.Item (or given) so that the field's label points at the text box. */
  id?: string;
  value?: DateBoxValue;
  /** Called when a date is entered: the box left, Enter pressed or a day picked (not at every key). */
  onChange?: (value: DateBoxValue) => void;
  /** The earliest date the calendar offers (YYYY-MM-DD); one typed before it stays, for the field's rule to name. */
  min?: string;
  /** The latest date the calendar offers (YYYY-MM-DD). */
  max?: string;
  /** The empty box's text; the format's example by default (a filter names itself instead). */
  placeholder?: string;
}

/** The calendar button's name; not the field's, which names the text box alone (getByLabel, screen readers). */
const CALENDAR_BUTTON = 'Pick the date from a calendar';

/**
 * A date box in the app's one format (issue 22): it shows "28 Nov 2026" whatever the browser's locale, takes
 * that typed (or ISO, 2026-11-28), and a calendar button opens the browser's own date picker, which costs no
 * JavaScript (antd's DatePicker added 36 kB gzip to the order page). What was typed is entered when the box is
 * left or Enter pressed, so a half-typed date is not called wrong: a date is then shown in the format, a text that
 * is not one is kept as typed in the value, for the field's rule to say why (typedDateProblem).
 */
export function DateInput({ id, value, onChange, min, max, placeholder = DATE_FORMAT_EXAMPLE }: DateInputProps) {
  // The text as typed while the box has the focus; otherwise the value is shown in the app's format.
  const [typing, setTyping] = useState<string | null>(null);
  const calendar = useRef<HTMLInputElement>(null);

  const enter = (text: string) => {
    const entered = dateBoxValueOf(text);
    if (entered !== (value ?? null)) onChange?.(entered);
    return entered;
  };

  const openCalendar = () => {
    try {
      calendar.current?.showPicker();
    } catch {
      // A browser without showPicker: the date is typed.
      document.getElementById(id ?? '')?.focus();
    }
  };

  return (
    <Space.Compact block style={{ position: 'relative' }}>
      <Input
        id={id}
        value={typing ?? dateBoxText(value)}
        placeholder={placeholder}
        autoComplete="off"
        onFocus={() => setTyping(dateBoxText(value))}
        onChange={(event) => setTyping(event.target.value)}
        onBlur={(event) => {
          setTyping(null);
          enter(event.target.value);
        }}
        // Enter enters the typed date and writes it in the format; it must not also submit the half-filled form.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          setTyping(dateBoxText(enter(event.target.value)));
        }}
      />
      <Button icon={<CalendarOutlined />} aria-label={CALENDAR_BUTTON} onClick={openCalendar} />
      {/* The browser's date picker, opened by the button; out of sight and of the tab order (the box is the field). */}
      <input
        ref={calendar}
        type="date"
        tabIndex={-1}
        aria-hidden
        aria-label="Calendar"
        min={min}
        max={max}
        value={dateOfDateBox(value) ?? ''}
        onChange={(event) => {
          if (event.target.value !== '') onChange?.(event.target.value);
        }}
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: '100%',
          height: 1,
          padding: 0,
          border: 0,
          opacity: 0,
          pointerEvents: 'none',
        }}
      />
    </Space.Compact>
  );
}
