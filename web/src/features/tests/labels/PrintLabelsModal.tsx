import type { TestRequestDetail } from '@labline/contracts';
import { Alert, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/feedback';
import { usePatientDetail } from '../../patients/api';
import { requestPatientName } from '../format';
import {
  COPIES_LIMITS,
  copiesProblem,
  defaultCopies,
  deviceSummary,
  labelDevices,
  labelFileName,
  labelsFor,
} from './labelContent';
import { DEFAULT_LABEL_SIZE, LABEL_SIZES, LABEL_SIZE_IDS, isLabelSizeId, type LabelSizeId } from './labelLayout';

/** A lab prints on the labels its printer holds: the size chosen last time is offered first. */
const SIZE_STORAGE_KEY = 'labelSize';

function rememberedSize(): LabelSizeId {
  try {
    const stored = localStorage.getItem(SIZE_STORAGE_KEY);
    return isLabelSizeId(stored) ? stored : DEFAULT_LABEL_SIZE;
  } catch {
    return DEFAULT_LABEL_SIZE;
  }
}

function rememberSize(size: LabelSizeId): void {
  try {
    localStorage.setItem(SIZE_STORAGE_KEY, size);
  } catch {
    // Storage refused (private mode, quota): the default is offered next time, nothing else changes.
  }
}

interface LabelValues {
  size: LabelSizeId;
  copies: number | null;
}

interface PrintLabelsModalProps {
  request: TestRequestDetail;
  onClose(): void;
}

/**
 * Print Labels: a label size and a number of copies, then a PDF of Code 128 labels downloads. The PDF code
 * (jsPDF, bwip-js) is loaded only when Generate PDF is pressed. Rendered while open, so every opening starts
 * afresh.
 */
export function PrintLabelsModal({ request, onClose }: PrintLabelsModalProps) {
  const [form] = Form.useForm<LabelValues>();
  const { message } = useFeedback();
  const patient = usePatientDetail(request.patient_id);
  const [generating, setGenerating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const devices = labelDevices(request);
  const fileName = labelFileName(request.id);

  const generate = async ({ size, copies }: LabelValues) => {
    setGenerating(true);
    setFailure(null);
    try {
      rememberSize(size);
      const labels = labelsFor(request, patient.data?.date_of_birth ?? null, copies ?? 0);
      const { downloadLabelPdf } = await import('./labelPdf');
      const { denseBarcode } = await downloadLabelPdf(labels, size, fileName);
      void message.success(`${labels.length === 1 ? '1 label' : `${labels.length} labels`} saved as ${fileName}`);
      if (denseBarcode) {
        void message.warning(
          `The barcode is dense at ${LABEL_SIZES[size].name}: if it does not scan, print at 300 dpi or on larger labels`,
        );
      }
      onClose();
    } catch (error) {
      setFailure(`The labels could not be created: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <Modal
      title="Print Labels"
      open
      onCancel={onClose}
      okText="Generate PDF"
      onOk={() => form.submit()}
      okButtonProps={{ loading: generating || patient.isLoading }}
    >
      <Typography.Paragraph type="secondary">
        {`${request.display_id} for ${requestPatientName(request)}, barcode ${request.barcode_number}. `}
        Each label is one page of the PDF, for a label printer.
      </Typography.Paragraph>
      {patient.error !== undefined && (
        <Alert
          type="warning"
          showIcon
          title="The patient's date of birth could not be loaded: the labels will say DOB unknown"
          style={{ marginBottom: 16 }}
        />
      )}
      {failure !== null && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<LabelValues>
        form={form}
        layout="vertical"
        initialValues={{ size: rememberedSize(), copies: defaultCopies(request) }}
        onFinish={(values) => void generate(values)}
      >
        <Form.Item label="Label size" name="size">
          <Radio.Group
            optionType="button"
            options={LABEL_SIZE_IDS.map((id) => ({ value: id, label: LABEL_SIZES[id].name }))}
          />
        </Form.Item>
        <Form.Item
          label="Copies"
          name="copies"
          required
          rules={[
            {
              validator: (_, value: number | null | undefined) => {
                const problem = copiesProblem(value);
                return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            },
          ]}
          extra={
            devices.length === 0
              ? 'The request names no collection device'
              : `One label per tube by default: ${deviceSummary(devices)}. Each label names its tube.`
          }
        >
          <InputNumber<number>
            style={{ width: 120 }}
            step={1}
            placeholder={`${COPIES_LIMITS.min} to ${COPIES_LIMITS.max}`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
