import { FULFILLMENT_LIMITS, type FulfillmentRequestRow } from '@labline/contracts';
import { Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { DeferredModal } from '../../../shared/DeferredModal';

interface DispatchDialogProps {
  /** The request to dispatch. */
  request: Pick<FulfillmentRequestRow, 'id' | 'display_id'>;
  /** Asks also for the kit's barcode (the detail page, spec 2 §7). */
  withBarcode?: boolean;
  busy: boolean;
  onDispatch(trackingNumber: string, barcodeNumber: string | undefined): void;
  onClose(): void;
}

/**
 * Mark as Dispatched (spec 2 §2.5, §5): asks for the tracking number; without one, Dispatch does nothing (it is
 * disabled). Loaded when first opened, and mounted while open: the fields start empty for each request.
 */
export default function DispatchDialog({
  request,
  withBarcode = false,
  busy,
  onDispatch,
  onClose,
}: DispatchDialogProps) {
  const [tracking, setTracking] = useState('');
  const [barcode, setBarcode] = useState('');
  const empty = tracking.trim() === '';
  const dispatch = () => {
    if (!empty) onDispatch(tracking.trim(), barcode.trim() === '' ? undefined : barcode.trim());
  };
  return (
    <DeferredModal
      open
      title={`Mark ${request.display_id} as Dispatched`}
      okText="Mark as Dispatched"
      okButtonProps={{ disabled: empty, loading: busy }}
      onOk={dispatch}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <label htmlFor="dispatch-tracking-number">Tracking Number</label>
          <Input
            id="dispatch-tracking-number"
            value={tracking}
            maxLength={FULFILLMENT_LIMITS.trackingNumberMaxLength}
            onChange={(event) => setTracking(event.target.value)}
            onPressEnter={dispatch}
            autoFocus
          />
          <Typography.Text type="secondary">The carrier's tracking number is sent to the patient.</Typography.Text>
        </Flex>
        {withBarcode && (
          <Flex vertical gap={4}>
            <label htmlFor="dispatch-barcode">Kit Barcode (optional)</label>
            <Input
              id="dispatch-barcode"
              value={barcode}
              maxLength={100}
              onChange={(event) => setBarcode(event.target.value)}
              onPressEnter={dispatch}
            />
          </Flex>
        )}
      </Flex>
    </DeferredModal>
  );
}
