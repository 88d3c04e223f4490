import {
  expectedTestDateTime,
  isExpectedTestTooSoon,
  TEST_REQUEST_FIELD_ERRORS,
  TEST_REQUEST_FIELD_LIMITS,
  TEST_REQUEST_PRIORITIES,
  type TestRequestPriority,
} from '@labline/contracts';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { describeServerError } from '../../../shared/apiError';
import { DateInput } from '../../../shared/DateInput';
import { typedDateProblem } from '../../../shared/typedDate';
import { valueLabel } from '../../../shared/RequestTags';
import { useFulfillmentPartners } from '../api';
import { fieldStatus, type ServerFieldErrors } from './fieldStatus';
import type { TestDraft } from './orderModel';

const PRIORITY_OPTIONS = TEST_REQUEST_PRIORITIES.map((priority) => ({
  value: priority,
  label: priority === 'stat' ? 'STAT' : valueLabel(priority),
}));
/**
 * spec 1 §5: the earliest day (YYYY-MM-DD) whose 12:00 the server accepts, as the date input's `min`: today's
 * (UTC) or, from 11:00 UTC on, tomorrow's. Asked of the server's own rule, isExpectedTestTooSoon.
 */
export function earliestExpectedDate(now = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const dateOf = () => day.toISOString().slice(0, 10);
  while (isExpectedTestTooSoon(expectedTestDateTime(dateOf()), now.getTime())) day.setUTCDate(day.getUTCDate() + 1);
  return dateOf();
}

/** The server's sentence for an expected date too soon, as its answer shows it on the field. */
export const EXPECTED_DATE_TOO_SOON = describeServerError(TEST_REQUEST_FIELD_ERRORS.expectedDateTooSoon, 400).message;

/**
 * Why the expected date (YYYY-MM-DD) cannot be ordered, or null: the server's rule (spec 1 §5, now plus one hour;
 * `kept`, the edited request's own time, is not held to it again) and its sentence.
 */
export function expectedDateProblem(date: string | null, kept: string | null = null, now = new Date()): string | null {
  const expected = date === null ? null : expectedTestDateTime(date);
  return isExpectedTestTooSoon(expected, now.getTime(), kept) ? EXPECTED_DATE_TOO_SOON : null;
}

/** What the expected date's box says of a text that is not a date. */
const EXPECTED_DATE_RULES = { subject: 'Expected test date' };

/**
 * What the test's expected date box says is wrong, or null: a text that is not a date in the app's format, or a date
 * the server would refuse. The field shows it, and the order cannot move on (add a test, go to the checkout) with it.
 */
export function testDateProblem(
  test: Pick<TestDraft, 'expected_date' | 'kept_expected_datetime'>,
  now = new Date(),
): string | null {
  return (
    typedDateProblem(test.expected_date, EXPECTED_DATE_RULES) ??
    expectedDateProblem(test.expected_date, test.kept_expected_datetime, now)
  );
}

interface TestDetailsFieldsProps {
  test: TestDraft;
  onChange(test: TestDraft): void;
  serverErrors: ServerFieldErrors;
}

/** The rest of a test: barcode, expected date (12:00 PM), priority, notes and the fulfillment partner. */
export function TestDetailsFields({ test, onChange, serverErrors }: TestDetailsFieldsProps) {
  const { data: partners, isLoading: partnersLoading } = useFulfillmentPartners(test.fulfillment_by_partner);
  const status = (fields: string[]) => fieldStatus(false, '', serverErrors, fields);
  const dateProblem = testDateProblem(test);
  const expectedDateStatus = fieldStatus(dateProblem !== null, dateProblem ?? '', serverErrors, [
    'expected_test_datetime',
  ]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label="Barcode Number"
          htmlFor="test-barcode"
          required
          extra="Every test needs a barcode before the order is submitted"
          {...status(['barcode_number'])}
        >
          <Input
            id="test-barcode"
            value={test.barcode_number}
            maxLength={TEST_REQUEST_FIELD_LIMITS.barcode}
            onChange={(event) => onChange({ ...test, barcode_number: event.target.value })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Expected Test Date"
          htmlFor="test-expected-date"
          extra="The time is fixed at 12:00 (noon)"
          {...expectedDateStatus}
        >
          {/*
           * spec 1 §4: "a date input with a minimum of now plus one hour", in the app's one date format (issue 22;
           * shared/DateInput, with the browser's own calendar: antd's DatePicker cost this page 36 kB). An earlier
           * date, or a text that is not a date, is kept as typed and the field says why, rather than the date
           * being refused only at submit.
           */}
          <DateInput
            id="test-expected-date"
            min={earliestExpectedDate()}
            value={test.expected_date}
            onChange={(expected_date) => onChange({ ...test, expected_date })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Priority" htmlFor="test-priority" {...status(['priority'])}>
          <Select<TestRequestPriority>
            id="test-priority"
            value={test.priority}
            onChange={(priority) => onChange({ ...test, priority })}
            options={PRIORITY_OPTIONS}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Notes" htmlFor="test-notes" {...status(['notes'])}>
          <Input.TextArea
            id="test-notes"
            rows={3}
            maxLength={TEST_REQUEST_FIELD_LIMITS.notes}
            value={test.notes}
            onChange={(event) => onChange({ ...test, notes: event.target.value })}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item>
          <Checkbox
            checked={test.fulfillment_by_partner}
            // spec 1 §5: unticking clears the partner.
            onChange={(event) =>
              onChange({
                ...test,
                fulfillment_by_partner: event.target.checked,
                fulfillment_partner_id: event.target.checked ? test.fulfillment_partner_id : null,
              })
            }
          >
            Fulfillment by Partner
          </Checkbox>
        </Form.Item>
      </Col>
      {test.fulfillment_by_partner && (
        <Col xs={24} md={12}>
          <Form.Item
            label="Fulfillment Partner"
            htmlFor="test-partner"
            required
            {...status(['fulfillment_partner_id', 'fulfillment_by_partner'])}
          >
            <Select<number>
              id="test-partner"
              placeholder="Select a fulfillment partner"
              loading={partnersLoading}
              value={test.fulfillment_partner_id ?? undefined}
              onChange={(id) => onChange({ ...test, fulfillment_partner_id: id ?? null })}
              allowClear
              options={(partners ?? []).map((partner) => ({
                value: partner.id,
                label: `${partner.first_name} ${partner.last_name}`,
              }))}
            />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
