import { PrinterOutlined } from '@ant-design/icons';
import type { TestRequestDetail } from '@labline/contracts';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { barcodeProblem } from './labelContent';

/** The dialog is a chunk of its own, loaded when it first opens; the PDF code is a further chunk behind it. */
const PrintLabelsModal = lazy(() =>
  import('./PrintLabelsModal').then((module) => ({ default: module.PrintLabelsModal })),
);

interface PrintLabelsButtonProps {
  request: TestRequestDetail;
  /** The button's text; "Print Labels" unless a list of requests needs it to say which. */
  children?: string;
}

/**
 * Print Labels for a test request: whoever may see the request may print its labels. Disabled, with the reason
 * in a tooltip, while the request has no barcode number a Code 128 barcode can carry.
 */
export function PrintLabelsButton({ request, children = 'Print Labels' }: PrintLabelsButtonProps) {
  const [open, setOpen] = useState(false);
  const problem = barcodeProblem(request.barcode_number);
  const button = (
    <Button icon={<PrinterOutlined />} disabled={problem !== null} onClick={() => setOpen(true)}>
      {children}
    </Button>
  );
  return (
    <>
      {problem === null ? button : <Tooltip title={problem}>{button}</Tooltip>}
      {open && (
        <Suspense fallback={null}>
          <PrintLabelsModal request={request} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
