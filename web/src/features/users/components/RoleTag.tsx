import { roleLabel, type Role } from '@labline/contracts';
import { Tag } from 'antd';

const ROLE_COLORS: Record<Role, string> = {
  super_admin: 'purple',
  institution_admin: 'blue',
  clinician: 'green',
  client_admin: 'gold',
  fulfillment_agent: 'cyan',
  lab_user: 'geekblue',
};

/** The role badge, as the profile's Account Information shows it. */
export function RoleTag({ role }: { role: Role }) {
  return (
    <Tag color={ROLE_COLORS[role]} style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>
      {roleLabel(role)}
    </Tag>
  );
}

export function StatusTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
      {active ? 'Active' : 'Inactive'}
    </Tag>
  );
}
