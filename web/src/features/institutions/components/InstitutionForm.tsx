import { ERRORS, FIELD_LIMITS, INSTITUTION_TYPES, type Institution, type InstitutionBody } from '@labline/contracts';
import { Alert, Card, Checkbox, Col, Flex, Form, Input, Row, Select } from 'antd';
import { FormActions } from '../../../shared/FormActions';
import { PersonFields } from '../../../shared/PersonFields';
import { useSaveAction } from '../../../shared/useSaveAction';

type InstitutionType = (typeof INSTITUTION_TYPES)[number];

interface InstitutionFormValues {
  name: string;
  institution_number: string;
  institution_type: InstitutionType;
  phone: string;
  email: string;
  address: string;
  api_enabled: boolean;
}

const TYPE_OPTIONS = INSTITUTION_TYPES.map((type) => ({ value: type, label: type }));
/** The institution's own phone and e-mail: the same fields as a person's contact details. */
const CONTACT_FIELDS = ['phone', 'email'] as const;
/** The form's label of `name`, for the server's errors about it. */
const LABELS = { name: 'Institution Name' };

function initialValues(institution: Institution | null): InstitutionFormValues {
  const type = INSTITUTION_TYPES.find((candidate) => candidate === institution?.institution_type);
  return {
    name: institution?.name ?? '',
    institution_number: institution?.institution_number ?? '',
    // spec 3 §2: Hospital is the form's default.
    institution_type: type ?? 'Hospital',
    phone: institution?.phone ?? '',
    email: institution?.email ?? '',
    address: institution?.address ?? '',
    // issue 27: off until an administrator turns the external laboratory on
    api_enabled: institution?.api_enabled ?? false,
  };
}

interface InstitutionFormProps {
  institution: Institution | null;
  onSave(body: InstitutionBody): Promise<void>;
  onCancel(): void;
}

/**
 * Name (required), number, type, phone, e-mail and address (spec 3 §2, §5), and whether the institution's test
 * requests may go to the external laboratory (api_enabled, issue 27). Empty fields are sent as empty.
 */
export function InstitutionForm({ institution, onSave, onCancel }: InstitutionFormProps) {
  const [form] = Form.useForm<InstitutionFormValues>();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToSaveInstitution, { form, labels: LABELS });

  const onFinish = async (values: InstitutionFormValues) => {
    await run(() => onSave({ ...values, name: values.name.trim() }));
  };

  return (
    <Form<InstitutionFormValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={initialValues(institution)}
    >
      <Flex vertical gap={24}>
        {saveError !== null && <Alert type="error" showIcon title={saveError} />}
        <Card>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={LABELS.name} name="name" rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={FIELD_LIMITS.institutionName} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Institution Number" name="institution_number">
                <Input maxLength={FIELD_LIMITS.institutionNumber} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Institution Type" name="institution_type">
                <Select options={TYPE_OPTIONS} />
              </Form.Item>
            </Col>
            <PersonFields fields={CONTACT_FIELDS} />
            <Col xs={24}>
              <Form.Item label="Address" name="address">
                <Input.TextArea rows={3} maxLength={FIELD_LIMITS.institutionAddress} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="api_enabled" valuePropName="checked">
                <Checkbox>External lab integration enabled</Checkbox>
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <FormActions
          submitLabel={institution === null ? 'Create Institution' : 'Update Institution'}
          saving={saving}
          onCancel={onCancel}
        />
      </Flex>
    </Form>
  );
}
