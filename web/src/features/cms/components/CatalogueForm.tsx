import { CATALOGUE_FIELD_LIMITS, FIELD_LABELS, type CatalogueItem, type CatalogueKind } from '@labline/contracts';
import { Alert, Checkbox, Form, Input } from 'antd';
import { useCaller } from '../../../app/session/useCaller';
import { FormActions } from '../../../shared/FormActions';
import { useSaveAction } from '../../../shared/useSaveAction';
import { saveCatalogueItem, useCatalogueCache } from '../api';
import { catalogueBody, catalogueFormValues, ownCatalogueInstitution, type CatalogueFormValues } from '../formValues';
import { catalogueTexts } from '../texts';
import { InstitutionScopeField } from './InstitutionScopeField';
import { KindFields } from './KindFields';
import { useFeedback } from '../../../app/feedback/feedback';

interface CatalogueFormProps {
  kind: CatalogueKind;
  /** The item being edited; null for a new one. */
  item: CatalogueItem | null;
  onDone(): void;
}

/** The Add/Edit form of spec 3 §2: Name *, Description, the kind's fields, institutions, Active. */
export function CatalogueForm({ kind, item, onDone }: CatalogueFormProps) {
  const caller = useCaller();
  const { message } = useFeedback();
  const cache = useCatalogueCache();
  const texts = catalogueTexts(kind);
  const [form] = Form.useForm<CatalogueFormValues>();
  const { saving, saveError, run } = useSaveAction(texts.saveError, { form });

  const onValuesChange = (changed: Partial<CatalogueFormValues>) => {
    // spec 3 §2: a panel's markers are of its sample type; choosing another clears them.
    if ('sample_type_id' in changed) form.setFieldValue('marker_ids', []);
  };

  const onFinish = (values: CatalogueFormValues) =>
    run(async () => {
      await saveCatalogueItem(kind, item?.id ?? null, catalogueBody(caller, kind, values), texts.saveError);
      void message.success(item === null ? texts.created : texts.updated);
      onDone();
      await cache.changed();
    });

  return (
    <Form<CatalogueFormValues>
      form={form}
      layout="vertical"
      initialValues={catalogueFormValues(item)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
    >
      {saveError !== null && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 24 }} />}
      <Form.Item label={FIELD_LABELS.name} name="name" rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={CATALOGUE_FIELD_LIMITS.name} />
      </Form.Item>
      <Form.Item label={FIELD_LABELS.description} name="description">
        <Input.TextArea rows={2} maxLength={CATALOGUE_FIELD_LIMITS.description} />
      </Form.Item>
      <KindFields kind={kind} institutionId={ownCatalogueInstitution(caller)} />
      <InstitutionScopeField caller={caller} kind={kind} />
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>{FIELD_LABELS.active}</Checkbox>
      </Form.Item>
      <FormActions
        submitLabel={saving ? 'Saving...' : item === null ? 'Create' : 'Update'}
        saving={saving}
        onCancel={onDone}
      />
    </Form>
  );
}
