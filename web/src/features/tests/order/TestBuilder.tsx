import { DEVICE_CAPACITY_DIALOG, ERRORS, fitsDevice, type TestFormFields } from '@labline/contracts';
import { Alert, Checkbox, Col, Flex, Form, Progress, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { EllipsisText } from '../../../shared/EllipsisText';
import { useInstitutionLabs } from '../api';
import { fieldStatus, type ServerFieldErrors } from './fieldStatus';
import {
  candidateDevices,
  capacityDialogOffer,
  capacityOf,
  chosenMarkers,
  decideTests,
  maximumCapacity,
  offeredDevices,
  volumeOf,
  withDeviceFor,
  withSampleType,
  type RequiredItem,
  type TestDraft,
} from './orderModel';
import { useFeedback } from '../../../app/feedback/feedback';

/** spec 1 §9: the marker list scrolls at a height of 500px. */
const MARKER_LIST_HEIGHT = 500;

interface TestBuilderProps {
  institutionId: number | null;
  fields: TestFormFields | undefined;
  fieldsError: string | null;
  test: TestDraft;
  onChange(test: TestDraft): void;
  missing: readonly RequiredItem[];
  serverErrors: ServerFieldErrors;
}

/** Step 1's test (spec 1 §4, §5): sample type, then lab, then panel or markers, then collection device. */
export function TestBuilder({
  institutionId,
  fields,
  fieldsError,
  test,
  onChange,
  missing,
  serverErrors,
}: TestBuilderProps) {
  const { modal } = useFeedback();
  // spec 1 §5: the 'Device Capacity Exceeded' dialog as a notice, OK only (the app's dialogs, loaded on first use)
  const capacityNotice = (content: string) =>
    void modal.warning({ title: DEVICE_CAPACITY_DIALOG.title, content, okText: 'OK' });
  const [panelAlert, setPanelAlert] = useState<string | null>(null);
  const sampleType = fields?.sample_types.find((item) => item.id === test.sample_type_id) ?? null;
  const { data: labs, isLoading: labsLoading } = useInstitutionLabs(institutionId, sampleType?.name ?? null);

  const markers = chosenMarkers(test, fields);
  const volume = volumeOf(markers);
  const devices = candidateDevices(test, fields);
  const device = fields?.collection_devices.find((item) => item.id === test.device_id) ?? null;
  const capacity = device === null ? maximumCapacity(devices) : capacityOf(device);
  const maxCapacity = maximumCapacity(devices);
  const percent = capacity === 0 ? 0 : Math.round((volume / capacity) * 100);
  const noDeviceFits = volume > 0 && !devices.some((item) => fitsDevice(volume, item.max_capacity));

  const ofSampleType = <T extends { id: number }>(items: readonly T[], belongs: (item: T) => boolean) =>
    test.sample_type_id === null ? [] : items.filter(belongs);
  const panels = ofSampleType(fields?.panels ?? [], (panel) => panel.sample_type_id === test.sample_type_id);
  const sampleMarkers = ofSampleType(fields?.markers ?? [], (marker) =>
    marker.sample_type_ids.includes(test.sample_type_id ?? 0),
  );

  const chooseSampleType = (id: number | undefined) => onChange(withSampleType(test, id ?? null));

  /**
   * A choice of markers or panel (`added`: the marker's or panel's name). The user's own device too small for it
   * asks them (issue 22: never swapped silently): switch to the device offered, or keep theirs without it. With
   * no device of theirs, a choice no device holds is refused: a dialog for a marker, an alert for a panel (§5).
   */
  const chooseTests = (next: TestDraft, added: string, refuse: (text: string) => void) => {
    const decision = decideTests(test, next, fields);
    if (decision.kind === 'none-fits') {
      refuse(DEVICE_CAPACITY_DIALOG.noDeviceHolds(decision.volume));
      return;
    }
    setPanelAlert(null);
    if (decision.kind === 'take') {
      onChange(decision.test);
      return;
    }
    const offer = capacityDialogOffer(decision, next, added);
    const { switched } = offer;
    if (switched === null) {
      capacityNotice(offer.content);
      return;
    }
    void modal.confirm({
      title: DEVICE_CAPACITY_DIALOG.title,
      content: offer.content,
      // The two buttons name the devices: at 520 px the demo's (about 480 px together) stacked; 560 holds them.
      width: 560,
      okText: offer.okText,
      cancelText: offer.cancelText,
      onOk: () => onChange(switched),
    });
  };
  const choosePanel = (id: number | undefined) =>
    chooseTests(
      { ...test, panel_id: id ?? null, marker_ids: [] },
      fields?.panels.find((panel) => panel.id === id)?.name ?? '',
      setPanelAlert,
    );
  const toggleMarker = (id: number, checked: boolean) =>
    chooseTests(
      { ...test, marker_ids: checked ? [...test.marker_ids, id] : test.marker_ids.filter((item) => item !== id) },
      fields?.markers.find((marker) => marker.id === id)?.name ?? '',
      capacityNotice,
    );
  const chooseDevice = (id: number | undefined) => {
    const chosen = fields?.collection_devices.find((item) => item.id === id);
    if (chosen === undefined) {
      onChange(withDeviceFor({ ...test, device_id: null, device_chosen_by_user: false }, fields));
      return;
    }
    if (!fitsDevice(volume, chosen.max_capacity)) {
      capacityNotice(DEVICE_CAPACITY_DIALOG.deviceTooSmall(chosen.name, capacityOf(chosen), volume));
      return;
    }
    onChange({ ...test, device_id: chosen.id, device_chosen_by_user: true });
  };

  const markerIds = test.panel_id === null ? test.marker_ids : markers.map((marker) => marker.id);
  const noLabs = sampleType !== null && labs !== undefined && labs.length === 0;

  return (
    <>
      {fieldsError !== null && <Alert type="error" showIcon title={fieldsError} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Sample Type"
            htmlFor="test-sample-type"
            required
            {...fieldStatus(missing.includes('sample_type'), 'Please select a sample type', serverErrors, [
              'sample_type',
              'sample_type_id',
            ])}
          >
            <Select<number>
              id="test-sample-type"
              placeholder={institutionId === null ? 'Select an institution first' : 'Select a sample type'}
              disabled={institutionId === null}
              value={test.sample_type_id ?? undefined}
              onChange={chooseSampleType}
              options={(fields?.sample_types ?? []).map((item) => ({ value: item.id, label: item.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Laboratory"
            htmlFor="test-lab"
            required
            {...fieldStatus(missing.includes('lab'), ERRORS.selectLaboratoryForAllTests, serverErrors, ['lab_id'])}
          >
            <Select<number>
              id="test-lab"
              placeholder={sampleType === null ? 'Select a sample type first' : 'Select a laboratory'}
              disabled={sampleType === null || noLabs}
              loading={labsLoading}
              value={test.lab_id ?? undefined}
              onChange={(id) =>
                onChange({
                  ...test,
                  lab_id: id ?? null,
                  lab_name: labs?.find((lab) => lab.lab_id === id)?.lab_name ?? null,
                })
              }
              options={(labs ?? []).map((lab) => ({ value: lab.lab_id, label: lab.lab_name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {noLabs && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`No laboratories are configured for ${sampleType?.name ?? ''} samples at this institution. Please contact your administrator.`}
        />
      )}
      <Form.Item
        label="Panel"
        htmlFor="test-panel"
        extra="Choose a panel, or the markers one by one below"
        {...fieldStatus(false, '', serverErrors, ['panel_id'])}
      >
        <Select<number>
          id="test-panel"
          placeholder={panels.length === 0 ? 'No panels for this sample type' : 'Select a panel'}
          disabled={panels.length === 0}
          allowClear
          value={test.panel_id ?? undefined}
          onChange={choosePanel}
          options={panels.map((panel) => ({ value: panel.id, label: panel.name }))}
        />
      </Form.Item>
      {panelAlert !== null && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setPanelAlert(null)}
          title={DEVICE_CAPACITY_DIALOG.title}
          description={panelAlert}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Markers"
        required
        {...fieldStatus(missing.includes('tests'), 'Please select a panel or at least one marker', serverErrors, [
          'marker_ids',
        ])}
      >
        <div
          role="group"
          aria-label="Markers"
          data-testid="marker-list"
          style={{ maxHeight: MARKER_LIST_HEIGHT, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 8 }}
        >
          {sampleMarkers.length === 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: 12 }}>
              {test.sample_type_id === null ? 'Select a sample type first' : 'No markers for this sample type'}
            </Typography.Text>
          ) : (
            sampleMarkers.map((marker) => {
              const checked = markerIds.includes(marker.id);
              const atCapacity = !checked && volume + (marker.value ?? 0) > maxCapacity;
              return (
                <Flex key={marker.id} justify="space-between" gap={12} style={{ padding: '6px 12px' }}>
                  <Checkbox
                    checked={checked}
                    disabled={test.panel_id !== null || atCapacity}
                    onChange={(event) => toggleMarker(marker.id, event.target.checked)}
                    style={{ minWidth: 0 }}
                  >
                    <EllipsisText>{marker.name}</EllipsisText>
                  </Checkbox>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {marker.value ?? 0} µL
                  </Typography.Text>
                </Flex>
              );
            })
          )}
        </div>
      </Form.Item>
      <Form.Item label="Sample Amount">
        <div data-testid="sample-amount">
          <Progress
            percent={Math.min(percent, 100)}
            status={percent > 100 ? 'exception' : 'normal'}
            format={() => `${percent}%`}
            aria-label="Sample amount"
          />
          <Typography.Text type={percent > 100 ? 'danger' : 'secondary'}>
            {volume} µL of {capacity} µL
          </Typography.Text>
        </div>
      </Form.Item>
      <Form.Item
        label="Collection Device"
        htmlFor="test-device"
        required
        {...fieldStatus(missing.includes('device'), 'Please select a collection device', serverErrors, [
          'collection_device_ids',
          'device_selections',
        ])}
        extra={
          noDeviceFits
            ? undefined
            : test.device_id !== null && !test.device_chosen_by_user
              ? 'Chosen automatically: the smallest device that holds the sample'
              : undefined
        }
      >
        <Select<number>
          id="test-device"
          placeholder="Select a collection device"
          allowClear
          disabled={markers.length === 0}
          value={test.device_id ?? undefined}
          onChange={chooseDevice}
          options={offeredDevices(test, fields).map((item) => ({
            value: item.id,
            label: `${item.name} (${capacityOf(item)} µL)`,
          }))}
        />
      </Form.Item>
      {noDeviceFits && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={DEVICE_CAPACITY_DIALOG.noDeviceHolds(volume)}
        />
      )}
    </>
  );
}
