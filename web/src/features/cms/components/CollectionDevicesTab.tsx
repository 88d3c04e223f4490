import { ERRORS, canEditCatalogueItem, type CatalogueItem, type CollectionDeviceItem } from '@labline/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCaller } from '../../../app/session/useCaller';
import { ActiveStatus } from '../../../shared/ActiveStatus';
import { describeFailure } from '../../../shared/apiError';
import { EllipsisText } from '../../../shared/EllipsisText';
import { saveCatalogueItem, useCatalogueCache } from '../api';
import { catalogueTexts } from '../texts';
import { descriptionColumn, nameColumn } from './catalogueColumns';
import { CatalogueList } from './CatalogueList';
import { useFeedback } from '../../../app/feedback/feedback';

/** spec 3 §2: the table shows the first two tube types, then "+N more". */
const TUBE_TYPES_SHOWN = 2;

const texts = catalogueTexts('collection-devices');
const isDevice = (item: CatalogueItem): item is CollectionDeviceItem => item.kind === 'collection-devices';

function TubeTypes({ device }: { device: CollectionDeviceItem }) {
  if (device.tube_types.length === 0) {
    return <Typography.Text type="secondary">Available for all markers</Typography.Text>;
  }
  const rest = device.tube_types.slice(TUBE_TYPES_SHOWN);
  return (
    <Flex gap={4} wrap>
      {device.tube_types.slice(0, TUBE_TYPES_SHOWN).map((tubeType) => (
        <Tag key={tubeType.id} style={{ marginInlineEnd: 0, maxWidth: '100%' }}>
          <EllipsisText maxWidth={110}>{tubeType.name}</EllipsisText>
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((tubeType) => tubeType.name).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
            +{rest.length} more
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** The status badge, which switches the device on and off for those who may edit it (PUT with `active` only). */
function DeviceStatus({ device }: { device: CollectionDeviceItem }) {
  const caller = useCaller();
  const { message } = useFeedback();
  const cache = useCatalogueCache();
  const [busy, setBusy] = useState(false);
  if (!canEditCatalogueItem(caller, device)) return <ActiveStatus active={device.active} />;

  const toggle = async () => {
    setBusy(true);
    try {
      await saveCatalogueItem(
        'collection-devices',
        device.id,
        { active: !device.active },
        ERRORS.failedToUpdateCollectionDevice,
      );
      void message.success(texts.updated);
      await cache.changed();
    } catch (failure) {
      void message.error(describeFailure(failure, ERRORS.failedToUpdateCollectionDevice).message);
    } finally {
      setBusy(false);
    }
  };
  return <ActiveStatus active={device.active} busy={busy} onToggle={() => void toggle()} />;
}

const columns: ColumnsType<CatalogueItem> = [
  nameColumn,
  descriptionColumn,
  {
    title: 'Max Capacity',
    key: 'max_capacity',
    width: 120,
    render: (_, item) =>
      !isDevice(item) || item.max_capacity === null ? (
        <Typography.Text type="secondary">Not set</Typography.Text>
      ) : (
        `${item.max_capacity} µL`
      ),
  },
  {
    title: 'Tube Types',
    key: 'tube_types',
    width: 260,
    render: (_, item) => isDevice(item) && <TubeTypes device={item} />,
  },
  {
    title: 'Status',
    key: 'status',
    width: 100,
    render: (_, item) => isDevice(item) && <DeviceStatus device={item} />,
  },
];

/** The Collection Devices sub-screen of spec 3 §2 (super_admin and institution_admin). */
export function CollectionDevicesTab() {
  return <CatalogueList kind="collection-devices" columns={columns} />;
}
