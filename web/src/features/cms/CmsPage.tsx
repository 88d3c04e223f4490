import { MonitorOutlined } from '@ant-design/icons';
import { ERRORS, cmsTabsFor, type Caller, type CmsTab, type CmsTabKey } from '@labline/contracts';
import { Button, Card, Grid, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { useCaller } from '../../app/session/useCaller';
import { PageHeader } from '../../shared/PageHeader';
import { useAddressTab } from '../../shared/useAddressTab';
import { CatalogueList } from './components/CatalogueList';
import { lookupColumns } from './components/catalogueColumns';
import { CollectionDevicesTab } from './components/CollectionDevicesTab';

/**
 * The other services' tabs (inventory's storage locations, the notifications service's); each is a chunk of its
 * own, loaded when first opened.
 */
const NOTIFICATION_TABS: Partial<Record<CmsTabKey, LazyExoticComponent<ComponentType>>> = {
  storage_locations: lazy(() => import('../inventory/storage/StorageLocationsTab')),
  notification_logs: lazy(() => import('./notifications/NotificationLogsTab')),
  reminder_configurations: lazy(() => import('./reminders/ReminderConfigsTab')),
  test_notifications: lazy(() => import('./notifications/TestNotificationsTab')),
};

const LabsTab = lazy(() => import('./components/LabsTab'));

const lazyTab = (Tab: ComponentType) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
    <Tab />
  </Suspense>
);

function TabContent({ tab }: { tab: CmsTab }) {
  const { kind } = tab;
  if (kind === null) {
    const Tab = NOTIFICATION_TABS[tab.key];
    return Tab === undefined ? null : lazyTab(Tab);
  }
  if (kind === 'collection-devices') return <CollectionDevicesTab />;
  if (kind === 'labs') return lazyTab(LabsTab);
  return <CatalogueList kind={kind} columns={lookupColumns(kind)} />;
}

/** The tabs the caller may use, in order: the catalogue's (clinical), inventory's and the notifications service's. */
const shownTabsFor = (caller: Caller): CmsTab[] =>
  cmsTabsFor(caller).filter((tab) => tab.kind !== null || NOTIFICATION_TABS[tab.key] !== undefined);

/**
 * /cms (spec 3 §2 CMS management; the route is guarded by the cms section): the tabs the caller may use
 * (cmsTabsFor of the contracts), the open one named in the address (`/cms?tab=markers`), beside its list's search,
 * filters and page. A caller with the section but none of its tabs (no cms sub-permission) is told they may not
 * manage CMS fields.
 */
export default function CmsPage() {
  return (
    <AccessGuard rule={(caller) => shownTabsFor(caller).length > 0} deniedMessage={ERRORS.noPermissionManageCmsFields}>
      <CmsScreen />
    </AccessGuard>
  );
}

function CmsScreen() {
  const caller = useCaller();
  const navigate = useNavigate();
  const tabs = useMemo(() => shownTabsFor(caller), [caller]);
  const [activeKey, openTab] = useAddressTab(tabs.map((tab) => tab.key));
  const active = tabs.find((tab) => tab.key === activeKey);
  // Twelve tabs for a super_admin do not fit in one row beside the side navigation, and antd would fold the last
  // ones into a "more" menu (a button inside the tab list, which screen readers cannot make sense of): on a wide
  // window they stand in a column at the left, as a settings page's sections do.
  const wide = Grid.useBreakpoint().lg === true;
  if (active === undefined) return null;

  return (
    <>
      <PageHeader
        title="CMS Management"
        subtitle={active.subtitle}
        extra={
          <Button icon={<MonitorOutlined />} onClick={() => navigate('/cms/cron-monitoring')}>
            Monitoring
          </Button>
        }
      />
      <Card>
        <Tabs
          activeKey={active.key}
          tabPosition={wide ? 'left' : 'top'}
          onChange={openTab}
          // Only the open tab's list lives: its search, filters and page in the address are its own.
          destroyOnHidden
          items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: <TabContent tab={tab} /> }))}
        />
      </Card>
    </>
  );
}
