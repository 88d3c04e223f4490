import {
  ERRORS,
  PASSWORD_MIN_LENGTH,
  canSetAccountScope,
  defaultPermissionsForRole,
  roleLabel,
  type Caller,
  type Institution,
  type Role,
  type User,
} from '@labline/contracts';
import { Alert, Card, Checkbox, Col, Form, Input, Row, Select, Space } from 'antd';
import { FormActions } from '../../../shared/FormActions';
import { PersonFields } from '../../../shared/PersonFields';
import { useSaveAction } from '../../../shared/useSaveAction';
import { permissionProblem } from '../menuPermissions';
import { assignableRoles, type UserFormValues } from '../userFormValues';
import { MenuPermissionsField } from './MenuPermissionsField';

interface UserFormProps {
  /** The administrator filling in the form. */
  caller: Caller;
  /** The administrator's own institution, shown when they may not choose one. */
  ownInstitutionName: string | null;
  /** The user being edited; null for a new one. */
  user: User | null;
  initialValues: UserFormValues;
  institutions: Institution[];
  onSave(values: UserFormValues & { role: Role }): Promise<void>;
  onCancel(): void;
}

const capitalized = { textTransform: 'capitalize' } as const;
const CLINICIAN_INSTITUTIONS_RULE = {
  type: 'array',
  required: true,
  min: 1,
  message: ERRORS.cliniciansNeedInstitution,
} as const;

/**
 * Clinician institution choices: the institutions the viewer sees plus the user's current links. A link to
 * an institution the viewer does not manage stays as it is (identity refuses dropping it), so it is locked.
 */
function clinicianInstitutionOptions(institutions: Institution[], user: User | null) {
  const options = institutions.map((institution) => ({
    value: institution.id,
    label: institution.name,
    disabled: false,
  }));
  user?.clinician_institution_ids.forEach((id, index) => {
    if (!options.some((option) => option.value === id)) {
      options.push({ value: id, label: user.clinician_institution_names[index] ?? `#${id}`, disabled: true });
    }
  });
  return options;
}

/** The user form of spec 3 §2 and §5. */
export function UserForm({
  caller,
  ownInstitutionName,
  user,
  initialValues,
  institutions,
  onSave,
  onCancel,
}: UserFormProps) {
  const [form] = Form.useForm<UserFormValues>();
  const { saving, saveError, run } = useSaveAction(ERRORS.failedToSaveUser, { form });
  const role = Form.useWatch('role', form) ?? initialValues.role;
  const permissions = Form.useWatch('permissions', form) ?? initialValues.permissions;
  const systemAdministrator = canSetAccountScope(caller);
  const creating = user === null;
  const editingSelf = user !== null && user.id === caller.userId;
  const permissionsBlocked = systemAdministrator && role !== undefined && permissionProblem(permissions, role) !== null;

  const onValuesChange = (changed: Partial<UserFormValues>, values: UserFormValues) => {
    if (changed.role === undefined) return;
    // spec 3 §2: choosing a role for a new user pre-fills that role's default menu permissions.
    if (creating) form.setFieldValue('permissions', defaultPermissionsForRole(changed.role));
    if (changed.role === 'clinician' && values.clinician_institution_ids.length === 0) {
      const primary = values.institution_id ?? caller.institutionId ?? undefined;
      if (primary !== undefined) form.setFieldValue('clinician_institution_ids', [primary]);
    }
  };

  const onFinish = async (values: UserFormValues) => {
    if (values.role === undefined) return;
    const role = values.role;
    await run(() => onSave({ ...values, role }));
  };

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
    >
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        {saveError !== null && <Alert type="error" showIcon title={saveError} />}
        <Card title="Personal Information">
          <Row gutter={16}>
            <PersonFields emailRequired />
            <Col xs={24} md={12}>
              <Form.Item
                label="Password"
                name="password"
                rules={creating ? [{ required: true, message: ERRORS.passwordRequiredForNewUsers }] : []}
                extra={
                  creating
                    ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
                    : `Leave blank to keep the current password. A new one must be at least ${PASSWORD_MIN_LENGTH} characters`
                }
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Role and Access">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Role" name="role" rules={[{ required: true }]}>
                <Select
                  placeholder="Select a role"
                  options={assignableRoles(caller).map((value) => ({ value, label: roleLabel(value) }))}
                  optionRender={({ label }) => <span style={capitalized}>{label}</span>}
                  labelRender={({ label }) => <span style={capitalized}>{label}</span>}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {systemAdministrator ? (
                <Form.Item label="Institution" name="institution_id">
                  <Select
                    allowClear
                    placeholder="System Level Access"
                    options={institutions.map((institution) => ({ value: institution.id, label: institution.name }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item label="Institution" htmlFor="user-form-own-institution">
                  <Input id="user-form-own-institution" value={ownInstitutionName ?? ''} disabled />
                </Form.Item>
              )}
            </Col>
            {/* Mounted for every role and hidden (antd's `hidden`: not shown, not read out) unless clinician:
                mounting it on a role change left the role field's earlier "required" error on screen (antd 6.6). */}
            <Col xs={24}>
              <Form.Item
                label="Clinician Institutions"
                name="clinician_institution_ids"
                hidden={role !== 'clinician'}
                rules={role === 'clinician' ? [CLINICIAN_INSTITUTIONS_RULE] : []}
              >
                <Select
                  mode="multiple"
                  placeholder="Select institutions"
                  optionFilterProp="label"
                  options={clinicianInstitutionOptions(institutions, user)}
                />
              </Form.Item>
            </Col>
            {!creating && (
              <Col xs={24}>
                <Form.Item name="is_active" valuePropName="checked" style={{ marginBottom: 0 }}>
                  <Checkbox disabled={editingSelf}>Active User</Checkbox>
                </Form.Item>
              </Col>
            )}
          </Row>
        </Card>

        {systemAdministrator && (
          <Card title="Menu Permissions">
            <Form.Item name="permissions" style={{ marginBottom: 0 }}>
              <MenuPermissionsField role={role} />
            </Form.Item>
          </Card>
        )}

        <FormActions
          submitLabel={creating ? 'Create User' : 'Update User'}
          saving={saving}
          submitDisabled={permissionsBlocked}
          onCancel={onCancel}
        />
      </Space>
    </Form>
  );
}
