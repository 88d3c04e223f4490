import { INVENTORY_TEXTS, type InventoryItem } from '@labline/contracts';
import { Alert, Descriptions, Flex, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/feedback';
import { describeFailure } from '../../../shared/apiError';
import { DeferredModal } from '../../../shared/DeferredModal';
import { adjustInventory, useInventoryCache } from '../api';

interface AdjustDialogProps {
  /** The item being adjusted; null: the dialog is closed. */
  item: InventoryItem | null;
  /** The dialog's title: Adjust Quantity on the detail page, Quick Adjust in the list's menu. */
  title: string;
  onClose(): void;
}

/**
 * The Adjust dialog of spec 2 §2.3 (and the list's Quick Adjust, §2.1): a signed amount and a reason, the current
 * and the new quantity, Cancel and Apply Adjustment. Until both are given it says so and Apply is disabled (§5).
 */
export default function AdjustDialog({ item, title, onClose }: AdjustDialogProps) {
  const { message } = useFeedback();
  const cache = useInventoryCache();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The last item shown, so the dialog keeps its content while it closes.
  const [shown, setShown] = useState(item);
  if (item !== null && item !== shown) setShown(item);

  const complete = amount !== null && amount !== 0 && Number.isInteger(amount) && reason.trim() !== '';
  const close = () => {
    setAmount(null);
    setReason('');
    setError(null);
    onClose();
  };
  const apply = async () => {
    if (shown === null || !complete) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await adjustInventory(shown.id, amount, reason.trim());
      void message.success(INVENTORY_TEXTS.adjusted);
      close();
      await cache.saved(saved);
    } catch (failure) {
      setError(describeFailure(failure, INVENTORY_TEXTS.failedToAdjust).message);
    } finally {
      setSaving(false);
    }
  };

  const current = shown?.quantity_available ?? 0;
  return (
    <DeferredModal
      open={item !== null}
      title={shown === null ? title : `${title}: ${shown.item_name}`}
      okText="Apply Adjustment"
      cancelText="Cancel"
      onOk={() => void apply()}
      onCancel={close}
      okButtonProps={{ disabled: !complete, loading: saving }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {error !== null && <Alert type="error" showIcon title={error} />}
        <Form layout="vertical" onFinish={() => void apply()}>
          <Form.Item label="Adjustment Amount" htmlFor="adjustment-amount" extra="Positive adds, negative removes">
            <InputNumber
              id="adjustment-amount"
              value={amount}
              onChange={(value) => setAmount(typeof value === 'number' ? value : null)}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label="Reason" htmlFor="adjustment-reason">
            <Input id="adjustment-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        </Form>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'current', label: 'Current Quantity', children: current },
            {
              key: 'new',
              label: 'New Quantity',
              children: amount !== null && Number.isInteger(amount) ? current + amount : current,
            },
          ]}
        />
        {!complete && <Alert type="info" showIcon title={INVENTORY_TEXTS.adjustBoth} />}
      </Flex>
    </DeferredModal>
  );
}
