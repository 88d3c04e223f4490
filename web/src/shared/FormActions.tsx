import { Button, Flex } from 'antd';

interface FormActionsProps {
  /** The submit button's text ("Create Patient", "Save Changes"). */
  submitLabel: string;
  saving: boolean;
  /** Disables the submit button while a rule of the form is not met (spec 1 §5, spec 3 §5). */
  submitDisabled?: boolean;
  /** Leaves the form without saving; no Cancel button when the form has nowhere to go back to (the profile). */
  onCancel?: () => void;
}

/** The buttons under every form, in one place: at the bottom right, Cancel before the submit button. */
export function FormActions({ submitLabel, saving, submitDisabled = false, onCancel }: FormActionsProps) {
  return (
    <Flex justify="flex-end" gap={12} wrap>
      {onCancel !== undefined && <Button onClick={onCancel}>Cancel</Button>}
      <Button type="primary" htmlType="submit" loading={saving} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
