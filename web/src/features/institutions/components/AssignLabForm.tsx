import { PlusOutlined } from '@ant-design/icons';
import { ERRORS, FIELD_LABELS, MESSAGES } from '@labline/contracts';
import { Alert, Button, Flex, Form, Select } from 'antd';
import { useState } from 'react';
import { useActiveLabs, useCatalogueItems } from '../../../shared/catalogueApi';
import { useSaveAction } from '../../../shared/useSaveAction';
import { assignLab } from '../api';
import { useFeedback } from '../../../app/feedback/feedback';

interface AssignLabValues {
  lab_id: number | undefined;
  /** The sample type by name, as the service takes it (spec 3 §7). */
  sample_type: string | undefined;
}

interface AssignLabFormProps {
  institutionId: number;
  onAssigned(): Promise<unknown>;
}

interface PickerProps {
  name: keyof AssignLabValues;
  placeholder: string;
  loading: boolean;
  options: { value: number | string; label: string }[];
}

/** One of the form's two choices, side by side with the other and the button. */
function Picker({ name, placeholder, loading, options }: PickerProps) {
  return (
    <Form.Item label={FIELD_LABELS[name]} name={name} style={{ flex: '1 1 220px', marginBottom: 0 }}>
      <Select
        placeholder={placeholder}
        allowClear
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        options={options}
      />
    </Form.Item>
  );
}

/**
 * Assign Lab (spec 3 §2, §5): an active lab and an active sample type of the institution (its own or a global
 * one), both required ("Please select both a lab and sample type").
 */
export function AssignLabForm({ institutionId, onAssigned }: AssignLabFormProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<AssignLabValues>();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToAssignLab, { form });
  const [incomplete, setIncomplete] = useState(false);
  const { data: labs, error: labsError, isLoading: labsLoading } = useActiveLabs();
  // spec 3 §7: the sample types of the institution, the active filter applied here.
  const {
    data: sampleTypes,
    error: sampleTypesError,
    isLoading: sampleTypesLoading,
  } = useCatalogueItems('sample-types', institutionId);
  const listError = labsError ?? sampleTypesError;

  const onFinish = async ({ lab_id, sample_type }: AssignLabValues) => {
    setIncomplete(lab_id === undefined || sample_type === undefined);
    if (lab_id === undefined || sample_type === undefined) return;
    const assigned = await run(() => assignLab(institutionId, { lab_id, sample_type }));
    if (!assigned) return;
    void message.success(MESSAGES.labAssigned);
    form.resetFields();
    await onAssigned();
  };

  const problem = incomplete ? ERRORS.selectLabAndSampleType : saveError;
  return (
    <Form<AssignLabValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={() => setIncomplete(false)}
    >
      <Flex gap={16} wrap align="flex-end">
        <Picker
          name="lab_id"
          placeholder="Select a lab"
          loading={labsLoading}
          options={(labs ?? []).map((lab) => ({ value: lab.id, label: lab.name }))}
        />
        <Picker
          name="sample_type"
          placeholder="Select a sample type"
          loading={sampleTypesLoading}
          options={(sampleTypes ?? [])
            .filter((sampleType) => sampleType.active)
            .map((sampleType) => ({ value: sampleType.name, label: sampleType.name }))}
        />
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
          Assign Lab
        </Button>
      </Flex>
      {listError instanceof Error && (
        <Alert type="error" showIcon title={listError.message} style={{ marginTop: 16 }} />
      )}
      {problem !== null && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} />}
    </Form>
  );
}
