import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

interface RowActionProps {
  onClick?: () => void;
  danger?: boolean;
  children: ReactNode;
}

/** How an action in a table row looks: a link-styled button, as the user list's. */
const ROW_ACTION = { type: 'link', size: 'small', style: { padding: 0 } } as const;

/** An action in a table row (Edit, History). */
export function RowAction({ onClick, danger = false, children }: RowActionProps) {
  return (
    <Button {...ROW_ACTION} danger={danger} onClick={onClick}>
      {children}
    </Button>
  );
}

interface ConfirmedRowActionProps {
  /** The button's text, also the confirming button's (Delete, Remove). */
  label: string;
  /** The confirmation's title ("Delete Marker"). */
  title: string;
  /** What is about to happen, naming the record ("Are you sure you want to delete Glucose?"). */
  question: string;
  /** Runs once confirmed; the confirming button spins until it settles. */
  onConfirm(): Promise<void>;
}

/** A row action that changes data for good: asked first, in a confirmation beside the button. */
export function ConfirmedRowAction({ label, title, question, onConfirm }: ConfirmedRowActionProps) {
  return (
    <Popconfirm
      title={title}
      // A record's name may be long and without spaces: the question wraps anywhere rather than widen the popup.
      description={<span style={{ display: 'inline-block', maxWidth: 320, overflowWrap: 'anywhere' }}>{question}</span>}
      okText={label}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      {/* antd's Button itself: the confirmation attaches its click and position to the child it is given */}
      <Button {...ROW_ACTION} danger>
        {label}
      </Button>
    </Popconfirm>
  );
}
