import { PlusOutlined } from '@ant-design/icons';
import { ERRORS, type StorageLocation } from '@labline/contracts';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/feedback';
import { describeFailure } from '../../../shared/apiError';
import { ActiveStatus } from '../../../shared/ActiveStatus';
import { DeferredModal } from '../../../shared/DeferredModal';
import { ListOrLoadError } from '../../../shared/ListSearch';
import { numberRule } from '../../../shared/numberRule';
import { ConfirmedRowAction, RowAction } from '../../../shared/RowActions';
import { useSaveAction } from '../../../shared/useSaveAction';
import {
  changeStorageLocation,
  deleteStorageLocation,
  saveStorageLocation,
  useStorageLocationCache,
  useStorageLocations,
} from '../api';

const LOAD_ERROR = 'Failed to fetch storage locations';
const DELETE_ERROR = 'Failed to delete storage location';
const TEXTS = {
  created: 'Storage Location created successfully',
  updated: 'Storage Location updated successfully',
  deleted: 'Storage Location deleted successfully',
};

interface LocationFormValues {
  name: string;
  description: string;
  sort_order: number | null;
  active: boolean;
}

const NEW_LOCATION: LocationFormValues = { name: '', description: '', sort_order: 0, active: true };

/** Add/Edit Storage Location (spec 3 §2, §5: name required, sort_order an integer ≥ 0, default 0). */
function LocationModal({ editing, onClose }: { editing: StorageLocation | 'new' | null; onClose(): void }) {
  const [form] = Form.useForm<LocationFormValues>();
  const { message } = useFeedback();
  const cache = useStorageLocationCache();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToSaveItem, { form });
  const location = editing === 'new' ? null : editing;
  const initialValues =
    location === null
      ? NEW_LOCATION
      : {
          name: location.name,
          description: location.description ?? '',
          sort_order: location.sort_order,
          active: location.active,
        };
  const onFinish = async (values: LocationFormValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description.trim() === '' ? null : values.description.trim(),
      sort_order: values.sort_order ?? 0,
      active: values.active,
    };
    const saved = await run(() => saveStorageLocation(location?.id ?? null, body, ERRORS.failedToSaveItem));
    if (!saved) return;
    void message.success(location === null ? TEXTS.created : TEXTS.updated);
    onClose();
    await cache.changed();
  };
  return (
    <DeferredModal
      open={editing !== null}
      title={location === null ? 'Add Storage Location' : 'Edit Storage Location'}
      okText={saving ? 'Saving...' : location === null ? 'Create' : 'Update'}
      cancelText="Cancel"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LocationFormValues>
        key={location?.id ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void onFinish(values)}
      >
        {saveError !== null && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item label="Sort Order" name="sort_order" rules={[numberRule('sort_order', { min: 0, integer: true })]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox>Active</Checkbox>
        </Form.Item>
      </Form>
    </DeferredModal>
  );
}

function LocationStatus({ location }: { location: StorageLocation }) {
  const { message } = useFeedback();
  const cache = useStorageLocationCache();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      // The badge sends only `active` (spec 3 §2).
      await changeStorageLocation(location.id, { active: !location.active }, ERRORS.failedToSaveItem);
      void message.success(TEXTS.updated);
      await cache.changed();
    } catch (failure) {
      void message.error(describeFailure(failure, ERRORS.failedToSaveItem).message);
    } finally {
      setBusy(false);
    }
  };
  return <ActiveStatus active={location.active} busy={busy} onToggle={() => void toggle()} />;
}

/**
 * The Storage Locations sub-screen (spec 3 §2: super_admin and client_admin): every location sorted by sort order,
 * lowest first, with add, edit, delete, and the status badge that switches a location on and off.
 */
export default function StorageLocationsTab() {
  const { message } = useFeedback();
  const cache = useStorageLocationCache();
  const { data, error, isLoading, mutate } = useStorageLocations(false);
  const [editing, setEditing] = useState<StorageLocation | 'new' | null>(null);
  const rows = [...(data ?? [])].sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));

  const remove = async (location: StorageLocation) => {
    try {
      await deleteStorageLocation(location.id, DELETE_ERROR);
      void message.success(TEXTS.deleted);
      await cache.changed();
    } catch (failure) {
      void message.error(describeFailure(failure, DELETE_ERROR).message);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add Storage Location
        </Button>
      </Flex>
      <ListOrLoadError error={error} title={LOAD_ERROR} onRetry={mutate}>
        <Table<StorageLocation>
          rowKey="id"
          loading={isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description="No items found">
                <Button type="primary" onClick={() => setEditing('new')}>
                  Add Item
                </Button>
              </Empty>
            ),
          }}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            {
              title: 'Description',
              key: 'description',
              render: (_, row) => row.description ?? <Typography.Text type="secondary">No description</Typography.Text>,
            },
            { title: 'Sort Order', dataIndex: 'sort_order' },
            { title: 'Status', key: 'status', render: (_, row) => <LocationStatus location={row} /> },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, row) => (
                <Flex gap={12}>
                  <RowAction onClick={() => setEditing(row)}>Edit</RowAction>
                  <ConfirmedRowAction
                    label="Delete"
                    title="Delete Storage Location"
                    question={`Are you sure you want to delete ${row.name}?`}
                    onConfirm={() => remove(row)}
                  />
                </Flex>
              ),
            },
          ]}
        />
      </ListOrLoadError>
      <LocationModal editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
