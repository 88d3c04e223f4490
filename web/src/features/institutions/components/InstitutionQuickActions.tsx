import { BarChartOutlined, MedicineBoxOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import {
  canAccessSection,
  canAddUsersFromInstitution,
  canCreatePatient,
  canFilePatientUnder,
  type Caller,
} from '@labline/contracts';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

interface QuickAction {
  label: string;
  path: string;
  icon: ReactNode;
}

/**
 * The quick actions of spec 3 §2. Each is offered only to a viewer who may open its target: Add User and
 * Add Clinician are super_admin only (spec 3 §6); Add Patient follows the patient form's own rule (a lab_user
 * has the patients section but adds no patient) and the institution it preselects must be one the viewer files
 * patients under, else the form would fail only at save; View Analytics follows the analytics section.
 */
export function quickActionsFor(caller: Caller, institutionId: number): QuickAction[] {
  const query = `institution_id=${institutionId}`;
  const actions: (QuickAction | false)[] = [
    canCreatePatient(caller) &&
      canFilePatientUnder(caller, institutionId) && {
        label: 'Add Patient',
        path: `/patients/new?${query}`,
        icon: <MedicineBoxOutlined />,
      },
    canAddUsersFromInstitution(caller) && { label: 'Add User', path: `/users/new?${query}`, icon: <UserAddOutlined /> },
    canAddUsersFromInstitution(caller) && {
      label: 'Add Clinician',
      path: `/users/new?${query}&role=clinician`,
      icon: <UsergroupAddOutlined />,
    },
    canAccessSection(caller, 'analytics') && {
      label: 'View Analytics',
      path: `/analytics?${query}`,
      icon: <BarChartOutlined />,
    },
  ];
  return actions.filter((action): action is QuickAction => action !== false);
}

export function InstitutionQuickActions({ caller, institutionId }: { caller: Caller; institutionId: number }) {
  const navigate = useNavigate();
  const actions = quickActionsFor(caller, institutionId);
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
