import { BarChartOutlined, MedicineBoxOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { canAccessSection, type SessionUser } from '@labline/contracts';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { canAddUsersFromInstitution } from '../access';

interface QuickAction {
  label: string;
  path: string;
  icon: ReactNode;
}

/**
 * The quick actions of spec 3 §2. Each is offered only to a viewer who may open its target: Add User and
 * Add Clinician are super_admin only (spec 3 §6), the others follow the viewer's sections.
 */
export function quickActionsFor(viewer: SessionUser, institutionId: number): QuickAction[] {
  const query = `institution_id=${institutionId}`;
  const actions: (QuickAction | false)[] = [
    canAccessSection(viewer, 'patients') && {
      label: 'Add Patient',
      path: `/patients/new?${query}`,
      icon: <MedicineBoxOutlined />,
    },
    canAddUsersFromInstitution(viewer) && { label: 'Add User', path: `/users/new?${query}`, icon: <UserAddOutlined /> },
    canAddUsersFromInstitution(viewer) && {
      label: 'Add Clinician',
      path: `/users/new?${query}&role=clinician`,
      icon: <UsergroupAddOutlined />,
    },
    canAccessSection(viewer, 'analytics') && {
      label: 'View Analytics',
      path: `/analytics?${query}`,
      icon: <BarChartOutlined />,
    },
  ];
  return actions.filter((action): action is QuickAction => action !== false);
}

export function InstitutionQuickActions({ viewer, institutionId }: { viewer: SessionUser; institutionId: number }) {
  const navigate = useNavigate();
  const actions = quickActionsFor(viewer, institutionId);
  if (actions.length === 0) return null;
  return (
    <Card title="Quick Actions">
      <Flex vertical gap={12}>
        {actions.map((action) => (
          <Button key={action.label} block icon={action.icon} onClick={() => navigate(action.path)}>
            {action.label}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
