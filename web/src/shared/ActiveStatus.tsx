import { Button, Tag, Tooltip } from 'antd';

interface ActiveStatusProps {
  active: boolean;
  /** Makes the badge a button that switches the status (spec 3 §2: collection devices, storage locations). */
  onToggle?: () => void;
  /** While the switch is being saved. */
  busy?: boolean;
}

/** The Active / Inactive badge of a record's status column; a button when clicking it switches the status. */
export function ActiveStatus({ active, onToggle, busy = false }: ActiveStatusProps) {
  const badge = (
    <Tag color={active ? 'success' : 'error'} style={{ marginInlineEnd: 0, cursor: onToggle ? 'pointer' : undefined }}>
      {active ? 'Active' : 'Inactive'}
    </Tag>
  );
  if (onToggle === undefined) return badge;
  const action = active ? 'Click to deactivate' : 'Click to activate';
  return (
    <Tooltip title={action}>
      <Button
        type="text"
        size="small"
        loading={busy}
        aria-label={`${active ? 'Active' : 'Inactive'}: ${action.toLowerCase()}`}
        onClick={onToggle}
        style={{ padding: 0, height: 'auto' }}
      >
        {badge}
      </Button>
    </Tooltip>
  );
}
