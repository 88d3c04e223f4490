import {
  CMS_SUB_PERMISSIONS,
  SECTIONS,
  type CmsSubPermission,
  type Permission,
  type Role,
  type Section,
} from '@labline/contracts';
import { Checkbox, Col, Divider, Flex, Row, Typography } from 'antd';
import {
  allSelected,
  permissionProblem,
  sectionsForRole,
  toggleAll,
  toggleCmsSubPermission,
  toggleSection,
} from '../menuPermissions';

const SECTION_LABELS: Record<Section, string> = {
  dashboard: 'Dashboard',
  patients: 'Patients',
  tests: 'Test Requests',
  results: 'Test Results',
  inventory: 'Inventory',
  fulfillment: 'Fulfillment',
  analytics: 'Analytics',
  users: 'Users',
  institutions: 'Institutions',
  cms: 'CMS Fields',
};

/** The CMS tab names (spec 3 §2, CMS management) the sub-permissions open. */
const CMS_SUB_PERMISSION_LABELS: Record<CmsSubPermission, string> = {
  cms_sample_types: 'Sample Types',
  cms_markers: 'Markers',
  cms_panels: 'Panels',
  cms_statuses: 'Statuses',
  cms_collection_devices: 'Collection Devices',
  cms_tube_types: 'Tube Types',
  cms_storage_locations: 'Storage Locations',
  cms_notification_logs: 'Notification Logs',
};

interface MenuPermissionsFieldProps {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  /** The role chosen in the form; undefined until one is picked. */
  role: Role | undefined;
}

/**
 * Menu permission checkboxes (super_admin only, spec 3 §2). Sections the role can never use are disabled;
 * a super_admin account sees everything whatever the list, so its boxes are all checked and locked.
 */
export function MenuPermissionsField({ value = [], onChange, role }: MenuPermissionsFieldProps) {
  if (role === undefined) {
    return <Typography.Text type="secondary">Choose a role to set its menu permissions.</Typography.Text>;
  }
  const locked = role === 'super_admin';
  const usable = new Set(sectionsForRole(role));
  const checked = (permission: Permission) => locked || value.includes(permission);
  const problem = permissionProblem(value, role);

  return (
    <Flex vertical gap={12}>
      <Checkbox
        checked={locked || allSelected(value, role)}
        disabled={locked}
        onChange={() => onChange?.(toggleAll(value, role))}
      >
        <Typography.Text strong>Select All</Typography.Text>
      </Checkbox>
      <Divider style={{ margin: 0 }} />
      <Row gutter={[16, 8]}>
        {SECTIONS.map((section) => (
          <Col key={section} xs={12} md={8}>
            <Checkbox
              checked={checked(section)}
              disabled={locked || !usable.has(section)}
              onChange={(event) => onChange?.(toggleSection(value, section, event.target.checked))}
            >
              {SECTION_LABELS[section]}
            </Checkbox>
          </Col>
        ))}
      </Row>
      {checked('cms') && (
        <Flex vertical gap={8} style={{ paddingLeft: 24 }} role="group" aria-label="CMS sub-permissions">
          <Typography.Text type="secondary">CMS sub-permissions</Typography.Text>
          <Row gutter={[16, 8]}>
            {CMS_SUB_PERMISSIONS.map((subPermission) => (
              <Col key={subPermission} xs={12} md={8}>
                <Checkbox
                  checked={checked(subPermission)}
                  disabled={locked}
                  onChange={(event) => onChange?.(toggleCmsSubPermission(value, subPermission, event.target.checked))}
                >
                  {CMS_SUB_PERMISSION_LABELS[subPermission]}
                </Checkbox>
              </Col>
            ))}
          </Row>
        </Flex>
      )}
      {problem !== null && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
