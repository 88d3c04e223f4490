import { CATALOGUE_FIELD_LIMITS, CATALOGUE_NUMBER_RULES, FIELD_LABELS, type CatalogueKind } from '@labline/contracts';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { PersonFields } from '../../../shared/PersonFields';
import { numberRule } from '../../../shared/numberRule';
import type { CatalogueFormValues } from '../formValues';
import { ReferenceField } from './ReferenceSelect';

const LAB_CONTACT_FIELDS = ['phone', 'email'] as const;
const fullWidth = { width: '100%' } as const;

interface KindFieldsProps {
  kind: CatalogueKind;
  /** The institution whose items the pickers offer (with the global ones); null: all the caller sees. */
  institutionId: number | null;
}

/**
 * A number as typed: no min or precision on the input, which would silently turn 0 into 1 or 1.5 into 2 on blur;
 * the server's rule says what is wrong and the value stays for the user to correct.
 */
function NumberField({ name }: { name: keyof typeof CATALOGUE_NUMBER_RULES }) {
  return (
    <Form.Item label={FIELD_LABELS[name]} name={name} rules={[numberRule(name, CATALOGUE_NUMBER_RULES[name])]}>
      <InputNumber style={fullWidth} />
    </Form.Item>
  );
}

function MarkerFields({ institutionId }: { institutionId: number | null }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={FIELD_LABELS.marker_code} name="marker_code" extra="A LOINC code, e.g. 2345-7">
          <Input maxLength={CATALOGUE_FIELD_LIMITS.markerCode} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={FIELD_LABELS.units} name="units" extra="UCUM units, e.g. mg/dL">
          <Input maxLength={CATALOGUE_FIELD_LIMITS.units} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <NumberField name="value" />
      </Col>
      <Col xs={24} md={8}>
        <NumberField name="range_min" />
      </Col>
      <Col xs={24} md={8}>
        <NumberField name="range_max" />
      </Col>
      <Col xs={24}>
        <ReferenceField name="sample_type_ids" institutionId={institutionId} placeholder="Select sample types" />
      </Col>
      <Col xs={24} md={12}>
        <ReferenceField name="tube_type_ids" institutionId={institutionId} placeholder="Select tube types" />
      </Col>
      <Col xs={24} md={12}>
        <ReferenceField
          name="collection_device_ids"
          institutionId={institutionId}
          placeholder="Select collection devices"
        />
      </Col>
    </Row>
  );
}

/** spec 3 §2: the sample type first; only its markers are offered (the modal clears them when it changes). */
function PanelFields({ institutionId }: { institutionId: number | null }) {
  const sampleTypeId = Form.useWatch<CatalogueFormValues['sample_type_id']>('sample_type_id');
  return (
    <>
      <ReferenceField name="sample_type_id" required institutionId={institutionId} placeholder="Select a sample type" />
      <ReferenceField
        name="marker_ids"
        institutionId={institutionId}
        disabled={sampleTypeId === undefined}
        accept={(marker) => sampleTypeId !== undefined && marker.sample_type_ids.includes(sampleTypeId)}
        placeholder={sampleTypeId === undefined ? 'Select a sample type first' : 'Select markers'}
      />
    </>
  );
}

function CollectionDeviceFields({ institutionId }: { institutionId: number | null }) {
  return (
    <>
      <NumberField name="max_capacity" />
      <ReferenceField
        name="tube_type_ids"
        institutionId={institutionId}
        placeholder="Select tube types"
        extra="No tube types selected means the device is available for all markers."
      />
    </>
  );
}

function LabFields() {
  return (
    <>
      <Form.Item label={FIELD_LABELS.address} name="address">
        <Input.TextArea rows={2} maxLength={CATALOGUE_FIELD_LIMITS.labAddress} />
      </Form.Item>
      <Row gutter={16}>
        <PersonFields fields={LAB_CONTACT_FIELDS} />
      </Row>
    </>
  );
}

/** The fields of spec 3 §2 that a kind has beyond name, description, status and institutions. */
export function KindFields({ kind, institutionId }: KindFieldsProps) {
  switch (kind) {
    case 'markers':
      return <MarkerFields institutionId={institutionId} />;
    case 'panels':
      return <PanelFields institutionId={institutionId} />;
    case 'tube-types':
      return (
        <ReferenceField
          name="sample_type_ids"
          institutionId={institutionId}
          placeholder="Select sample types"
          extra="The sample types this tube holds; none selected means any sample type."
        />
      );
    case 'collection-devices':
      return <CollectionDeviceFields institutionId={institutionId} />;
    case 'labs':
      return <LabFields />;
    case 'priorities':
    case 'statuses':
      return <NumberField name="sort_order" />;
    default:
      return null;
  }
}
