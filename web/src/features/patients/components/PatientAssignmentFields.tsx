import { ERRORS, type SessionUser } from '@labline/contracts';
import { LockOutlined } from '@ant-design/icons';
import { Col, Flex, Form, Row, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { useInstitutionClinicians, useInstitutionList } from '../../../shared/directoryApi';
import type { PatientFormValues } from '../formValues';

/** An institution of a shared patient that the caller does not manage. */
export interface LockedInstitution {
  id: number;
  name: string;
}

interface PatientAssignmentFieldsProps {
  user: SessionUser;
  /** A new patient with nothing chosen gets the caller's only institution. */
  isNew: boolean;
  lockedInstitutions: readonly LockedInstitution[];
}

const NO_IDS: number[] = [];

/**
 * Institutions and clinician (spec 1 §5): at least one institution; a clinician user keeps only one and is
 * the fixed clinician; the clinician list is that of the first institution and required when it is not empty.
 */
export function PatientAssignmentFields({ user, isNew, lockedInstitutions }: PatientAssignmentFieldsProps) {
  const form = Form.useFormInstance<PatientFormValues>();
  const institutionIds = Form.useWatch('institution_ids', form) ?? NO_IDS;
  const institutionsTouched = form.isFieldTouched('institution_ids');
  const isClinicianUser = user.role === 'clinician';

  const { data: institutions, error: institutionsError, isLoading: institutionsLoading } = useInstitutionList(user);
  const primaryInstitution = institutionIds[0];
  const {
    data: clinicians,
    error: cliniciansError,
    isLoading: cliniciansLoading,
  } = useInstitutionClinicians(primaryInstitution);

  useEffect(() => {
    if (!isNew || institutions?.length !== 1) return;
    if ((form.getFieldValue('institution_ids') ?? []).length === 0)
      form.setFieldValue('institution_ids', [institutions[0]!.id]);
  }, [form, institutions, isNew]);

  // A clinician chosen for another institution is dropped when the institution changes.
  useEffect(() => {
    if (isClinicianUser || clinicians === undefined) return;
    const current = form.getFieldValue('clinician_id');
    if (current !== null && current !== undefined && !clinicians.some((clinician) => clinician.id === current)) {
      form.setFieldValue('clinician_id', null);
    }
  }, [form, clinicians, isClinicianUser]);

  // The rules stay in view as notes; the field's own errors (its rule, the server's) show above them.
  const shared = lockedInstitutions.length > 0;
  const institutionNotes = [
    institutionIds.length === 0 && !shared && !institutionsTouched ? ERRORS.atLeastOneInstitution : null,
    institutionsError instanceof Error ? institutionsError.message : null,
    isClinicianUser ? ERRORS.cliniciansOneInstitution : null,
  ].filter((message): message is string => message !== null);

  const noClinicians = !isClinicianUser && clinicians !== undefined && clinicians.length === 0;
  const clinicianOptions = isClinicianUser
    ? [{ value: user.id, label: `${user.first_name} ${user.last_name}` }]
    : (clinicians ?? []).map((clinician) => ({
        value: clinician.id,
        label: `${clinician.first_name} ${clinician.last_name}`,
      }));
  const clinicianNote = isClinicianUser
    ? 'You are the clinician for the patients you add'
    : primaryInstitution === undefined
      ? 'Select an institution first'
      : cliniciansError instanceof Error
        ? cliniciansError.message
        : noClinicians
          ? ERRORS.noCliniciansFound
          : undefined;

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="Institutions"
          name="institution_ids"
          required
          // A shared patient stays filed under the other institutions whatever is chosen here.
          rules={[{ type: 'array', required: !shared, min: shared ? 0 : 1, message: ERRORS.atLeastOneInstitution }]}
          // A clinician user effectively keeps one institution: the one picked last.
          normalize={(value: number[]) => (isClinicianUser && value.length > 1 ? value.slice(-1) : value)}
          extra={
            institutionNotes.length === 0
              ? undefined
              : institutionNotes.map((message) => <div key={message}>{message}</div>)
          }
          validateStatus={institutionsError instanceof Error ? 'error' : undefined}
        >
          <Select<number[]>
            mode="multiple"
            placeholder="Select institutions"
            loading={institutionsLoading}
            options={(institutions ?? []).map((institution) => ({ value: institution.id, label: institution.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
        {shared && (
          <Form.Item label="Also filed under" tooltip="Managed by those institutions: kept when you save">
            <Flex wrap gap={4}>
              {lockedInstitutions.map((institution) => (
                <Tag key={institution.id} icon={<LockOutlined />}>
                  {institution.name}
                </Tag>
              ))}
            </Flex>
          </Form.Item>
        )}
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Clinician"
          name="clinician_id"
          rules={[
            {
              required: !isClinicianUser && (clinicians?.length ?? 0) > 0,
              message: 'Please select a clinician',
            },
          ]}
          extra={clinicianNote}
          validateStatus={cliniciansError instanceof Error ? 'error' : noClinicians ? 'warning' : undefined}
        >
          <Select<number>
            placeholder="Select a clinician"
            loading={cliniciansLoading}
            options={clinicianOptions}
            disabled={isClinicianUser || primaryInstitution === undefined || noClinicians}
            allowClear={!isClinicianUser}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
