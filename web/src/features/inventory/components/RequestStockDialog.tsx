import { INVENTORY_TEXTS, type InventoryItem } from '@labline/contracts';
import { Alert, Button, Flex, Form, InputNumber, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../../shared/apiError';
import { DeferredModal } from '../../../shared/DeferredModal';
import { requestStock } from '../api';

/** spec 2 §9: the error modal hides after 5 seconds. */
export const REQUEST_ERROR_HIDE_MS = 5_000;

type Step =
  { kind: 'form' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

interface RequestStockDialogProps {
  /** The low item an institution_admin requests; null: closed. */
  item: InventoryItem | null;
  onClose(): void;
}

/**
 * The Request Stock dialog of spec 2 §2.2: the item's name and available units, Quantity Required (at least 1),
 * Cancel and Confirm (disabled unless the quantity is above 0); then a modal that shows loading, success or the
 * error, which hides itself after 5 seconds.
 */
export default function RequestStockDialog({ item, onClose }: RequestStockDialogProps) {
  const [quantity, setQuantity] = useState<number | null>(1);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [shown, setShown] = useState(item);
  if (item !== null && item !== shown) setShown(item);

  const close = () => {
    setQuantity(1);
    setStep({ kind: 'form' });
    onClose();
  };
  useEffect(() => {
    if (step.kind !== 'error') return undefined;
    const timer = setTimeout(close, REQUEST_ERROR_HIDE_MS);
    return () => clearTimeout(timer);
    // close only resets this dialog's state and tells the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const valid = quantity !== null && Number.isInteger(quantity) && quantity > 0;
  const confirm = async () => {
    if (shown === null || !valid) return;
    setStep({ kind: 'loading' });
    try {
      setStep({ kind: 'success', message: await requestStock(shown.id, quantity) });
    } catch (failure) {
      setStep({ kind: 'error', message: describeFailure(failure, INVENTORY_TEXTS.failedToSendStockRequest).message });
    }
  };

  const form = step.kind === 'form';
  return (
    <DeferredModal
      open={item !== null}
      title={form ? 'Request Stock' : step.kind === 'error' ? 'Request Failed' : 'Stock Request'}
      onCancel={step.kind === 'loading' ? undefined : close}
      closable={step.kind !== 'loading'}
      maskClosable={false}
      footer={
        form ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" disabled={!valid} onClick={() => void confirm()}>
              Confirm
            </Button>
          </Flex>
        ) : step.kind === 'loading' ? null : (
          <Button type="primary" onClick={close}>
            Close
          </Button>
        )
      }
      destroyOnHidden
    >
      {form && shown !== null && (
        <Flex vertical gap={12}>
          <Typography.Text strong>{shown.item_name}</Typography.Text>
          <Typography.Text>Current available: {shown.quantity_available} units</Typography.Text>
          <Form layout="vertical" onFinish={() => void confirm()}>
            <Form.Item label="Quantity Required" htmlFor="request-quantity" style={{ marginBottom: 0 }}>
              <InputNumber
                id="request-quantity"
                min={1}
                value={quantity}
                onChange={(value) => setQuantity(typeof value === 'number' ? value : null)}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Form>
        </Flex>
      )}
      {step.kind === 'loading' && (
        <Flex vertical align="center" gap={12} aria-busy="true" style={{ padding: 24 }}>
          <Spin />
          <Typography.Text>Sending stock request...</Typography.Text>
        </Flex>
      )}
      {step.kind === 'success' && <Alert type="success" showIcon title={step.message} />}
      {step.kind === 'error' && <Alert type="error" showIcon title={step.message} />}
    </DeferredModal>
  );
}
