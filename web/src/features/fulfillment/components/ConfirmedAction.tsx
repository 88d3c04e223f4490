import { Button, Popconfirm } from 'antd';

interface ConfirmedActionProps {
  label: string;
  /** spec 2 §2.5's confirm text. */
  question: string;
  danger: boolean;
  onConfirm(): Promise<unknown>;
}

/**
 * A row action asked first (Cancel Request, Reopen Request), in a confirmation beside the button. (Popconfirm is in
 * the chunk of shared/RowActions, which the list loads anyway.)
 */
export function ConfirmedAction({ label, question, danger, onConfirm }: ConfirmedActionProps) {
  return (
    <Popconfirm
      title={label}
      description={question}
      okText="Yes"
      cancelText="No"
      okButtonProps={{ danger }}
      onConfirm={async () => {
        await onConfirm();
      }}
    >
      {/* antd's Button itself: the confirmation attaches its click and position to the child it is given */}
      <Button type="link" size="small" danger={danger} style={{ padding: 0 }}>
        {label}
      </Button>
    </Popconfirm>
  );
}
