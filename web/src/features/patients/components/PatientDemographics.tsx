import { CONTACT_PREFERENCE_LABELS, type PatientDetail, formatDate } from '@labline/contracts';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FlagText } from '../../../shared/Flag';
import { formatPhoneNumber } from '../../../shared/phone';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';
import { UserEmailAction } from '../../users/components/UserEmailAction';
import { addressLines, ageFromDateOfBirth, clinicianFullName } from '../format';

const none = <Typography.Text type="secondary">Not provided</Typography.Text>;
const orNone = (value: string | null | undefined): ReactNode => (value ? <EllipsisText>{value}</EllipsisText> : none);

/** Demographics, contact, assignment and (when any part exists) the address of a patient (spec 1 §2). */
export function PatientDemographics({ patient }: { patient: PatientDetail }) {
  const layout = useDescriptionsLayout();
  const age = ageFromDateOfBirth(patient.date_of_birth);
  const address = addressLines(patient);
  const clinician = clinicianFullName(patient);
  const institutions =
    patient.institution_names.length > 0 ? patient.institution_names.join(', ') : patient.institution_name;

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card title="Personal Information" style={{ height: '100%' }}>
          <Descriptions layout={layout} column={1} size="small">
            <Descriptions.Item label="Medical Record Number">{orNone(patient.medical_record_number)}</Descriptions.Item>
            <Descriptions.Item label="Date of Birth">
              {patient.date_of_birth === null ? none : formatDate(patient.date_of_birth)}
            </Descriptions.Item>
            <Descriptions.Item label="Age">{age === null ? none : `${age} years`}</Descriptions.Item>
            <Descriptions.Item label="Gender">{orNone(patient.gender)}</Descriptions.Item>
            <Descriptions.Item label="Insurance Number">{orNone(patient.insurance_number)}</Descriptions.Item>
            <Descriptions.Item label="NHS Number">{orNone(patient.nhs_number)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Contact and Care" style={{ height: '100%' }}>
          <Descriptions layout={layout} column={1} size="small">
            <Descriptions.Item label="Phone">
              {patient.phone ? (
                <span data-testid="patient-phone">
                  <FlagText>{formatPhoneNumber(patient.phone)}</FlagText>
                </span>
              ) : (
                none
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Email">{orNone(patient.email)}</Descriptions.Item>
            <Descriptions.Item label="Contact Preference">
              <span data-testid="patient-contact-preference">
                {CONTACT_PREFERENCE_LABELS[patient.contact_preference]}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Institution">{orNone(institutions)}</Descriptions.Item>
            <Descriptions.Item label="Clinician">
              {/* A flex item of the description: without min-width 0 a long name would widen it past the card. */}
              <span data-testid="patient-clinician" style={{ minWidth: 0 }}>
                {orNone(clinician)}
              </span>
              <UserEmailAction userId={patient.clinician_id} name={clinician} />
            </Descriptions.Item>
            <Descriptions.Item label="Registered">{formatDate(patient.created_at)}</Descriptions.Item>
          </Descriptions>
          {address.length > 0 && (
            <div data-testid="patient-address" style={{ marginTop: 16 }}>
              <Typography.Text strong>Address</Typography.Text>
              {address.map((line) => (
                <div key={line}>
                  <EllipsisText>{line}</EllipsisText>
                </div>
              ))}
            </div>
          )}
        </Card>
      </Col>
    </Row>
  );
}
