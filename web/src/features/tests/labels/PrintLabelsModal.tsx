import type { TestRequestDetail } from '@labline/contracts';
import { Alert, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
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
import {
  DEFAULT_LABEL_SIZE,
  DEFAULT_PRINTER_DPI,
  LABEL_SIZES,
  LABEL_SIZE_IDS,
  PRINTER_DPIS,
  isLabelSizeId,
  isPrinterDpi,
  type LabelSizeId,
  type PrinterDpi,
} from './labelLayout';

/** A lab prints on the labels its printer holds: the size and resolution chosen last time are offered first. */
const SIZE_STORAGE_KEY = 'labelSize';
const DPI_STORAGE_KEY = 'labelDpi';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, value: string | number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Storage refused (private mode, quota): the default is offered next time, nothing else changes.
  }
}

interface LabelValues {
  size: LabelSizeId;
  dpi: PrinterDpi;
  copies: number | null;
}

/** Each size's reason it cannot carry these labels at the chosen resolution (null: it can); null while checking. */
type SizeProblems = Record<LabelSizeId, string | null> | null;

interface PrintLabelsModalProps {
  request: TestRequestDetail;
  onClose(): void;
}

/**
 * Print Labels: a label size, the printer's resolution and a number of copies, then a PDF of Code 128 labels
 * downloads. A size the labels do not fit at the resolution (a barcode that would not scan, a surname that
 * cannot be printed in full) is disabled, with the reason beside it, before anything is printed. The PDF code
 * (jsPDF, bwip-js) is loaded when the dialog opens, for that check. Rendered while open, so every opening starts
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
  const dateOfBirth = patient.data?.date_of_birth ?? null;
  const [initialValues] = useState<LabelValues>(() => ({
    size: [stored(SIZE_STORAGE_KEY)].find(isLabelSizeId) ?? DEFAULT_LABEL_SIZE,
    dpi: [Number(stored(DPI_STORAGE_KEY))].find(isPrinterDpi) ?? DEFAULT_PRINTER_DPI,
    copies: defaultCopies(request),
  }));
  const dpi = Form.useWatch('dpi', form) ?? initialValues.dpi;
  const size = Form.useWatch('size', form) ?? initialValues.size;
  // One label per tube: the labels of a run differ only in their tube.
  const sample = useMemo(() => labelsFor(request, dateOfBirth, defaultCopies(request)), [request, dateOfBirth]);
  const [checked, setChecked] = useState<{ dpi: PrinterDpi; problems: SizeProblems }>({ dpi, problems: null });
  const problems = checked.dpi === dpi ? checked.problems : null;

  useEffect(() => {
    let current = true;
    import('./labelPdf')
      .then(({ labelSizeProblems }) => labelSizeProblems(sample, dpi))
      .then((found) => {
        if (!current) return;
        setChecked({ dpi, problems: found });
        // The size chosen last time may not take these labels: the first one that does is offered instead.
        const fitting = LABEL_SIZE_IDS.find((id) => found[id] === null);
        if (found[form.getFieldValue('size') as LabelSizeId] !== null && fitting !== undefined) {
          form.setFieldValue('size', fitting);
        }
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Generate PDF makes the same check again and says what stops it.
        setChecked({ dpi, problems: Object.fromEntries(LABEL_SIZE_IDS.map((id) => [id, null])) as SizeProblems });
        setFailure(`The labels could not be checked: ${error instanceof Error ? error.message : String(error)}`);
      });
    return () => {
      current = false;
    };
  }, [sample, dpi, form]);

  const refused = problems === null ? [] : LABEL_SIZE_IDS.filter((id) => problems[id] !== null);
  const sizeRefused = problems !== null && problems[size] !== null;

  const generate = async ({ size: chosenSize, dpi: chosenDpi, copies }: LabelValues) => {
    setGenerating(true);
    setFailure(null);
    try {
      remember(SIZE_STORAGE_KEY, chosenSize);
      remember(DPI_STORAGE_KEY, chosenDpi);
      const labels = labelsFor(request, dateOfBirth, copies ?? 0);
      const { downloadLabelPdf } = await import('./labelPdf');
      await downloadLabelPdf(labels, chosenSize, chosenDpi, fileName);
      void message.success(`${labels.length === 1 ? '1 label' : `${labels.length} labels`} saved as ${fileName}`);
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
      okButtonProps={{ loading: generating || patient.isLoading || problems === null, disabled: sizeRefused }}
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
      {refused.map((id) => (
        <Alert
          key={id}
          type={refused.length === LABEL_SIZE_IDS.length ? 'error' : 'warning'}
          showIcon
          title={problems?.[id]}
          style={{ marginBottom: 16 }}
        />
      ))}
      <Form<LabelValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void generate(values)}
      >
        <Form.Item
          label="Printer resolution"
          name="dpi"
          extra="The label printer's dots per inch: every bar prints as whole dots"
        >
          <Radio.Group optionType="button" options={PRINTER_DPIS.map((value) => ({ value, label: `${value} dpi` }))} />
        </Form.Item>
        <Form.Item label="Label size" name="size">
          <Radio.Group
            optionType="button"
            options={LABEL_SIZE_IDS.map((id) => ({
              value: id,
              label: LABEL_SIZES[id].name,
              disabled: problems !== null && problems[id] !== null,
            }))}
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
