import {
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  EARLIEST_DATE_OF_BIRTH,
  ERRORS,
  FIELD_LIMITS,
  PATIENT_GENDERS,
  type Patient,
  type SessionUser,
} from '@labline/contracts';
import { Alert, Card, Col, Flex, Form, Input, Radio, Row, Select } from 'antd';
import { DateField } from '../../../shared/DateField';
import { FormActions } from '../../../shared/FormActions';
import { PersonFields } from '../../../shared/PersonFields';
import { useSaveAction } from '../../../shared/useSaveAction';
import type { PatientFormValues } from '../formValues';
import { patientBodyOf } from '../formValues';
import { savePatient } from '../api';
import { PatientAssignmentFields, type LockedInstitution } from './PatientAssignmentFields';

interface PatientFormProps {
  user: SessionUser;
  /** The patient being edited; null for a new one. */
  patientId: number | null;
  initialValues: PatientFormValues;
  /** Institutions of a shared patient that are not the caller's: shown locked, kept by the server on save. */
  lockedInstitutions?: readonly LockedInstitution[];
  onSaved(patient: Patient): void;
  onCancel(): void;
}

const GENDER_OPTIONS = PATIENT_GENDERS.map((gender) => ({ value: gender, label: gender }));
const CONTACT_PREFERENCE_OPTIONS = CONTACT_PREFERENCES.map((preference) => ({
  value: preference,
  label: CONTACT_PREFERENCE_LABELS[preference],
}));
const NO_IDS: number[] = [];
const NO_LOCKED: readonly LockedInstitution[] = [];
const NAME_FIELDS = ['first_name', 'last_name'] as const;
const CONTACT_FIELDS = ['phone', 'email'] as const;
const PERSON_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Enter a valid email address',
};

/** The patient form of spec 1 §5, for /patients/new and /patients/{id}/edit. */
export function PatientForm({
  user,
  patientId,
  initialValues,
  lockedInstitutions = NO_LOCKED,
  onSaved,
  onCancel,
}: PatientFormProps) {
  const [form] = Form.useForm<PatientFormValues>();
  const institutionIds = Form.useWatch('institution_ids', form) ?? NO_IDS;
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToSavePatient, { form });

  const onFinish = async (values: PatientFormValues) => {
    const saved = await run(async () => onSaved(await savePatient(patientId, patientBodyOf(values))));
    // The message sits above the form, out of sight of the submit button.
    if (!saved) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Form<PatientFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      scrollToFirstError
    >
      <Flex vertical gap={24}>
        {saveError !== null && <Alert type="error" showIcon title={saveError} />}
        <Card title="Personal Information">
          <Row gutter={16}>
            <PersonFields fields={NAME_FIELDS} messages={PERSON_MESSAGES} />
            <Col xs={24} md={8}>
              <DateField
                name="date_of_birth"
                label="Date of Birth"
                subject="Date of birth"
                earliest={EARLIEST_DATE_OF_BIRTH}
                notInFuture
              />
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Gender" name="gender">
                <Select placeholder="Select gender" options={GENDER_OPTIONS} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="Medical Record Number"
                name="medical_record_number"
                extra="Leave empty to generate one automatically"
              >
                <Input maxLength={FIELD_LIMITS.medicalRecordNumber} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Contact and Insurance">
          <Row gutter={16}>
            <PersonFields fields={CONTACT_FIELDS} messages={PERSON_MESSAGES} />
            <Col xs={24}>
              <Form.Item
                label="Contact Preference"
                name="contact_preference"
                extra="The messages the patient agrees to receive (reminders, cancellations), sent to the contact details above."
              >
                <Radio.Group options={CONTACT_PREFERENCE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Insurance Number" name="insurance_number">
                <Input maxLength={FIELD_LIMITS.insuranceNumber} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="NHS Number" name="nhs_number">
                <Input maxLength={FIELD_LIMITS.nhsNumber} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Address">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Street Address 1" name="street_address_1">
                <Input maxLength={FIELD_LIMITS.streetAddress} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Street Address 2" name="street_address_2">
                <Input maxLength={FIELD_LIMITS.streetAddress} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="City" name="city">
                <Input maxLength={FIELD_LIMITS.city} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="State / County" name="state">
                <Input maxLength={FIELD_LIMITS.state} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Postal Code" name="postal_code">
                <Input maxLength={FIELD_LIMITS.postalCode} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Country" name="country">
                <Input maxLength={FIELD_LIMITS.country} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Institution and Clinician">
          <PatientAssignmentFields user={user} isNew={patientId === null} lockedInstitutions={lockedInstitutions} />
        </Card>

        <FormActions
          submitLabel={patientId === null ? 'Create Patient' : 'Update Patient'}
          saving={saving}
          submitDisabled={institutionIds.length === 0}
          onCancel={onCancel}
        />
      </Flex>
    </Form>
  );
}
