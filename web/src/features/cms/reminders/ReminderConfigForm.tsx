import {
  REMINDER_DEFAULTS,
  REMINDER_ERRORS,
  REMINDER_LIMITS,
  REMINDER_TEMPLATE_VARIABLES,
  REMINDER_TIME_UNITS,
  REMINDER_TIME_VALUE_RULES,
  REMINDER_TYPE_MAX_LENGTH,
  REMINDER_TYPE_PATTERN,
  reminderChannelList,
  unknownReminderPlaceholders,
  type ReminderChannels,
  type ReminderConfig,
  type ReminderTimeUnit,
} from '@labline/contracts';
import { Alert, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useFeedback } from '../../../app/feedback/feedback';
import { FormActions } from '../../../shared/FormActions';
import { numberRule } from '../../../shared/numberRule';
import { useSaveAction } from '../../../shared/useSaveAction';
import { CHANNEL_LABELS } from '../notifications/texts';
import { saveReminderConfig, useReminderConfigCache, type ReminderConfigBody } from './api';
import { REMINDER_TEXTS } from './texts';

type Channel = 'email' | 'sms';

/** The templates of a channel not chosen are not on the form: onFinish leaves them out. */
interface ReminderFormValues {
  reminder_type: string;
  channels: Channel[];
  time_value: number | null;
  time_unit: ReminderTimeUnit;
  subject_template?: string;
  message_template_email?: string;
  message_template_sms?: string;
  is_active: boolean;
}

const CHANNEL_OPTIONS = (['email', 'sms'] as const).map((channel) => ({
  value: channel,
  label: CHANNEL_LABELS[channel],
}));
const UNIT_OPTIONS = REMINDER_TIME_UNITS.map((unit) => ({
  value: unit,
  label: unit.charAt(0).toUpperCase() + unit.slice(1),
}));

/** The form's labels for the fields the server may name in an error. */
const LABELS = {
  reminder_type: 'Reminder Type',
  notification_channels: 'Notification Channels',
  time_value: 'Time Value',
  time_unit: 'Time Unit',
  subject_template: 'Email Subject Template',
  message_template_email: 'Email Message Template',
  message_template_sms: 'SMS Message Template',
};

function formValuesOf(config: ReminderConfig | null): ReminderFormValues {
  return {
    reminder_type: config?.reminder_type ?? '',
    channels: reminderChannelList(config?.notification_channels ?? REMINDER_DEFAULTS.notification_channels),
    time_value: config?.time_value ?? REMINDER_DEFAULTS.time_value,
    time_unit: config?.time_unit ?? REMINDER_DEFAULTS.time_unit,
    subject_template: config?.subject_template ?? '',
    message_template_email: config?.message_template_email ?? '',
    message_template_sms: config?.message_template_sms ?? '',
    is_active: config?.is_active ?? REMINDER_DEFAULTS.is_active,
  };
}

/**
 * A template as stored: empty means the fallback wording. One of a channel not chosen keeps what it was (the
 * form leaves it out), so choosing the channel again later brings it back.
 */
const template = (text: string | undefined, saved: string | null) =>
  text === undefined ? saved : text.trim() === '' ? null : text;

function bodyOf(values: ReminderFormValues, config: ReminderConfig | null): ReminderConfigBody {
  const channels = ['email', 'sms'].filter((channel) => values.channels.includes(channel as Channel));
  return {
    time_value: values.time_value ?? REMINDER_DEFAULTS.time_value,
    time_unit: values.time_unit,
    notification_channels: channels.join(',') as ReminderChannels,
    subject_template: template(values.subject_template, config?.subject_template ?? null),
    message_template_email: template(values.message_template_email, config?.message_template_email ?? null),
    message_template_sms: template(values.message_template_sms, config?.message_template_sms ?? null),
    is_active: values.is_active,
  };
}

/** A template may use the four variables only (spec 3 §2), as the server checks too. */
const placeholderRule: Rule = {
  validator: async (_, value: string | undefined) => {
    const unknown = unknownReminderPlaceholders(value ?? '');
    if (unknown.length > 0) throw new Error(REMINDER_ERRORS.unknownPlaceholder(unknown));
  },
};

interface ReminderConfigFormProps {
  /** The configuration being edited; null for a new one. */
  config: ReminderConfig | null;
  onDone(): void;
}

/** The reminder modal of spec 3 §2: type, channels, timing, the chosen channels' templates, Active. */
export function ReminderConfigForm({ config, onDone }: ReminderConfigFormProps) {
  const { message } = useFeedback();
  const cache = useReminderConfigCache();
  const [form] = Form.useForm<ReminderFormValues>();
  const { saving, saveError, run } = useSaveAction(REMINDER_ERRORS.saveFailed, { form, labels: LABELS });
  const channels = Form.useWatch('channels', form) ?? formValuesOf(config).channels;
  const editing = config !== null;

  const onFinish = (values: ReminderFormValues) =>
    run(async () => {
      await saveReminderConfig(config, values.reminder_type.trim(), bodyOf(values, config));
      void message.success(editing ? REMINDER_TEXTS.updated : REMINDER_TEXTS.created);
      onDone();
      await cache.changed();
    });

  return (
    <Form<ReminderFormValues>
      // Field ids of their own: the add and edit forms' selects never share a dropdown id while one closes.
      name={editing ? 'edit-reminder' : 'new-reminder'}
      form={form}
      layout="vertical"
      initialValues={formValuesOf(config)}
      onFinish={onFinish}
    >
      {saveError !== null && (
        <Alert
          type="error"
          showIcon
          title={REMINDER_ERRORS.saveFailed}
          description={saveError === REMINDER_ERRORS.saveFailed ? undefined : saveError}
          style={{ marginBottom: 24 }}
        />
      )}
      <Form.Item
        label={LABELS.reminder_type}
        name="reminder_type"
        extra="Use an underscore format, e.g. 7_days_before or 3_hours_before"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a reminder type' },
          { pattern: REMINDER_TYPE_PATTERN, message: `Reminder type ${REMINDER_ERRORS.reminderType}` },
        ]}
      >
        <Input disabled={editing} maxLength={REMINDER_TYPE_MAX_LENGTH} placeholder="e.g. 1_day_before" />
      </Form.Item>
      <Form.Item
        label={LABELS.notification_channels}
        name="channels"
        rules={[{ required: true, type: 'array', min: 1, message: 'Please choose at least one channel' }]}
      >
        <Checkbox.Group options={CHANNEL_OPTIONS} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label={LABELS.time_value}
            name="time_value"
            rules={[
              { required: true, message: 'Please enter a time value' },
              // No min/max/precision on the input: they turned 0 into 1 on blur; the server's rule says why instead.
              numberRule('time_value', REMINDER_TIME_VALUE_RULES, LABELS),
            ]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={LABELS.time_unit} name="time_unit" rules={[{ required: true }]}>
            <Select<ReminderTimeUnit> options={UNIT_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      {channels.includes('email') && (
        <>
          <Form.Item label={LABELS.subject_template} name="subject_template" rules={[placeholderRule]}>
            <Input
              maxLength={REMINDER_LIMITS.subjectTemplate}
              placeholder="e.g. Reminder: your {test_name} test on {test_datetime}"
            />
          </Form.Item>
          <Form.Item label={LABELS.message_template_email} name="message_template_email" rules={[placeholderRule]}>
            <Input.TextArea
              rows={4}
              maxLength={REMINDER_LIMITS.emailTemplate}
              placeholder="e.g. Dear {patient_name}, this is a reminder of your {test_name} test at {institution_name} on {test_datetime}."
            />
          </Form.Item>
        </>
      )}
      {channels.includes('sms') && (
        <Form.Item label={LABELS.message_template_sms} name="message_template_sms" rules={[placeholderRule]}>
          <Input.TextArea
            rows={3}
            maxLength={REMINDER_LIMITS.smsTemplate}
            placeholder="e.g. Your {test_name} test is at {test_datetime}. Please arrive 15 minutes early"
          />
        </Form.Item>
      )}
      <Flex vertical gap={6} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          Template variables (an empty template sends a standard wording):
        </Typography.Text>
        <Flex gap={6} wrap>
          {REMINDER_TEMPLATE_VARIABLES.map((variable) => (
            <Tag key={variable} style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}>
              {variable}
            </Tag>
          ))}
        </Flex>
      </Flex>
      <Form.Item
        name="is_active"
        valuePropName="checked"
        extra="Inactive configurations won't trigger automatic reminders."
      >
        <Checkbox>Active</Checkbox>
      </Form.Item>
      <FormActions
        submitLabel={saving ? 'Saving...' : editing ? 'Update' : 'Create'}
        saving={saving}
        onCancel={onDone}
      />
    </Form>
  );
}
