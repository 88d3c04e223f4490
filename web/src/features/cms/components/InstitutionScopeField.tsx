import { FIELD_LABELS, GLOBAL_ONLY_KINDS, type Caller, type CatalogueKind } from '@labline/contracts';
import { Alert, Form, Select } from 'antd';
import { useSessionUser } from '../../../app/session/SessionContext';
import { useInstitutionList } from '../../../shared/directoryApi';
import { EllipsisText } from '../../../shared/EllipsisText';
import { choosesInstitutions } from '../formValues';

/**
 * Which institutions an item is for (spec 3 §2): with the global flag a picker, where none means global;
 * everyone else's items belong to their own institution, which they cannot remove, and the form says so.
 */
export function InstitutionScopeField({ caller, kind }: { caller: Caller; kind: CatalogueKind }) {
  const picker = choosesInstitutions(caller, kind);
  const { data: institutions, error, isLoading } = useInstitutionList(caller, picker);
  const { institution_name: ownInstitution } = useSessionUser();

  if (GLOBAL_ONLY_KINDS.includes(kind)) return null;
  if (!picker) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title="This item will be available to your institution. Your institution cannot be removed from it."
        description={ownInstitution !== null && <EllipsisText strong>{ownInstitution}</EllipsisText>}
      />
    );
  }
  return (
    <Form.Item
      label={FIELD_LABELS.institution_ids}
      name="institution_ids"
      extra="No institutions chosen means the item is global: available to every institution."
      validateStatus={error instanceof Error ? 'error' : undefined}
      help={error instanceof Error ? error.message : undefined}
    >
      <Select
        mode="multiple"
        allowClear
        loading={isLoading}
        placeholder="Global (all institutions)"
        showSearch={{ optionFilterProp: 'label' }}
        options={(institutions ?? []).map((institution) => ({ value: institution.id, label: institution.name }))}
      />
    </Form.Item>
  );
}
