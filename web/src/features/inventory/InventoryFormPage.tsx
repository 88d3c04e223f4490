import { ArrowLeftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_LIMITS,
  INVENTORY_TEXTS,
  choosesItemInstitution,
  generateSku,
  type InventoryItemDetail,
} from '@labline/contracts';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { DateField } from '../../shared/DateField';
import { FormActions } from '../../shared/FormActions';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { numberRule } from '../../shared/numberRule';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { useInstitutionList } from '../../shared/directoryApi';
import { useSaveAction } from '../../shared/useSaveAction';
import { saveInventoryItem, useInventoryCache, useInventoryItem, useStorageLocations } from './api';
import { EMPTY_INVENTORY_FORM, inventoryBodyOf, inventoryFormValuesOf, type InventoryFormValues } from './formValues';

/** /inventory/new (spec 2 §2.4). */
export function NewInventoryItemPage() {
  return <InventoryFormScreen itemId={null} isNew />;
}

/** /inventory/{id}/edit (spec 2 §2.4). */
export function EditInventoryItemPage() {
  return <InventoryFormScreen itemId={useRouteId()} isNew={false} />;
}

const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((value) => ({ value, label: value }));
const QUANTITY_RULES = { min: 0, max: INVENTORY_LIMITS.maxQuantity, integer: true };
const LABELS = { quantity_available: 'Current Quantity', minimum_threshold: 'Minimum Threshold' };
const fullWidth = { width: '100%' } as const;

/** A required whole number ≥ 0, as typed (the rule says what is wrong, nothing is rounded on blur). */
function QuantityField({ name }: { name: keyof typeof LABELS }) {
  return (
    <Col xs={24} md={12}>
      <Form.Item
        label={LABELS[name]}
        name={name}
        rules={[{ required: true, message: `${LABELS[name]} is required` }, numberRule(name, QUANTITY_RULES, LABELS)]}
      >
        <InputNumber style={fullWidth} />
      </Form.Item>
    </Col>
  );
}

function InventoryFormScreen({ itemId, isNew }: { itemId: number | null; isNew: boolean }) {
  const navigate = useNavigate();
  const { data: item, error } = useInventoryItem(isNew ? null : itemId, undefined, INVENTORY_TEXTS.failedToFetchItem);
  const back = () => navigate(isNew || itemId === null ? '/inventory' : `/inventory/${itemId}`);
  const header = (
    <PageHeader
      title={isNew ? 'Add New Inventory Item' : 'Edit Inventory Item'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          Back
        </Button>
      }
    />
  );
  if (!isNew && (itemId === null || isNotFound(error))) {
    return <NotFoundCard title={INVENTORY_TEXTS.itemNotFound} backLabel="Back to Inventory" backPath="/inventory" />;
  }
  if (!isNew && error instanceof Error) {
    return (
      <>
        {header}
        <Alert type="error" showIcon title={error.message} />
      </>
    );
  }
  if (!isNew && item === undefined) {
    return (
      <>
        {header}
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      <InventoryForm key={item?.id ?? 'new'} item={item ?? null} onCancel={back} />
    </>
  );
}

function InventoryForm({ item, onCancel }: { item: InventoryItemDetail | null; onCancel(): void }) {
  const caller = useCaller();
  const navigate = useNavigate();
  const cache = useInventoryCache();
  const [form] = Form.useForm<InventoryFormValues>();
  const { saving, saveError, run } = useSaveAction(INVENTORY_TEXTS.failedToSaveItem, { form, labels: LABELS });
  const choosesInstitution = choosesItemInstitution(caller);
  const { data: institutions } = useInstitutionList(caller, choosesInstitution);
  const { data: locations } = useStorageLocations(true);
  const initialValues = useMemo(() => (item === null ? EMPTY_INVENTORY_FORM : inventoryFormValuesOf(item)), [item]);
  const name = Form.useWatch('item_name', form) ?? initialValues.item_name;
  const sku = Form.useWatch('item_sku', form) ?? initialValues.item_sku;
  const po = Form.useWatch('po_number', form) ?? initialValues.po_number;
  const category = Form.useWatch('category', form) ?? initialValues.category;
  const generated = generateSku(name, category ?? '');

  const locationOptions = useMemo(() => {
    const options = (locations ?? []).map((location) => ({
      value: location.name,
      label: location.description === null ? location.name : `${location.name} - ${location.description}`,
    }));
    // An item's location that is no longer an active storage location stays selectable as it is.
    const current = item?.location;
    return current && !options.some((option) => option.value === current)
      ? [{ value: current, label: current }, ...options]
      : options;
  }, [locations, item]);

  const onFinish = async (values: InventoryFormValues) => {
    const saved = await run(async () => {
      const answer = await saveInventoryItem(item?.id ?? null, inventoryBodyOf(values));
      await cache.saved(answer);
      navigate(`/inventory/${answer.id}`);
    });
    if (!saved) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const required = (label: string) => [{ required: true, whitespace: true, message: `${label} is required` }];
  return (
    <Form<InventoryFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      <Flex vertical gap={24}>
        {saveError !== null && <Alert type="error" showIcon title={saveError} data-testid="save-error" />}
        <Card title="Item Details">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Item Name" name="item_name" rules={required('Item Name')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="SKU" required extra="Generate needs the item name and a category">
                <Space.Compact block>
                  <Form.Item name="item_sku" noStyle rules={required('SKU')}>
                    <Input maxLength={100} aria-label="SKU" />
                  </Form.Item>
                  <Button
                    icon={<ThunderboltOutlined />}
                    disabled={generated === null}
                    onClick={() => form.setFieldsValue({ item_sku: generateSku(name, category ?? '') ?? '' })}
                  >
                    Generate
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="Purchase Order Information">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="PO Number" name="po_number" rules={required('PO Number')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <DateField name="purchase_date" label="Purchase Date" subject="Purchase date" />
            </Col>
            <Col xs={24} md={8}>
              <DateField name="received_date" label="Received Date" subject="Received date" />
            </Col>
          </Row>
        </Card>
        <Card title="Description and Stock">
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item label="Description" name="item_description">
                <Input.TextArea rows={3} maxLength={2000} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Category" name="category">
                <Select options={CATEGORY_OPTIONS} allowClear placeholder="Select category" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Storage Location" name="location">
                <Select options={locationOptions} allowClear placeholder="Select storage location" />
              </Form.Item>
            </Col>
            <QuantityField name="quantity_available" />
            <QuantityField name="minimum_threshold" />
            {choosesInstitution && (
              <Col xs={24} md={12}>
                <Form.Item label="Institution" name="institution_id">
                  <Select
                    options={[
                      { value: null, label: INVENTORY_TEXTS.globalInstitutionOption },
                      ...(institutions ?? []).map((institution) => ({
                        value: institution.id,
                        label: institution.name,
                      })),
                    ]}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>
        <FormActions
          submitLabel={
            saving ? (item === null ? 'Creating...' : 'Updating...') : item === null ? 'Create Item' : 'Update Item'
          }
          saving={saving}
          submitDisabled={name.trim() === '' || sku.trim() === '' || po.trim() === ''}
          onCancel={onCancel}
        />
      </Flex>
    </Form>
  );
}
