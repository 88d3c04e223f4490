import { MonitorOutlined } from '@ant-design/icons';
import { ERRORS, cmsTabsFor, type Caller, type CatalogueKind, type CmsTab } from '@labline/contracts';
import { Button, Card, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { useCaller } from '../../app/session/useCaller';
import { PageHeader } from '../../shared/PageHeader';
import { CatalogueList } from './components/CatalogueList';
import { lookupColumns } from './components/catalogueColumns';
import { CollectionDevicesTab } from './components/CollectionDevicesTab';

/** The query parameter that names the open tab, so a tab can be linked to (`/cms?tab=markers`). */
const TAB_PARAMETER = 'tab';

type CatalogueTab = CmsTab & { kind: CatalogueKind };

const LabsTab = lazy(() => import('./components/LabsTab'));

function TabContent({ kind }: { kind: CatalogueKind }) {
  if (kind === 'collection-devices') return <CollectionDevicesTab />;
  if (kind === 'labs') {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <LabsTab />
      </Suspense>
    );
  }
  return <CatalogueList kind={kind} columns={lookupColumns(kind)} />;
}

/**
 * The tabs of the catalogue (clinical) the caller may manage, in order. Storage Locations (inventory) and
 * Notification Logs, Reminder Configurations and Test Notifications (notifications) belong to services not built
 * yet: those tabs join here when their services exist.
 */
const catalogueTabsFor = (caller: Caller): CatalogueTab[] =>
  cmsTabsFor(caller).filter((tab): tab is CatalogueTab => tab.kind !== null);

/**
 * /cms (spec 3 §2 CMS management; the route is guarded by the cms section): the catalogue tabs the caller may
 * manage (cmsTabsFor of the contracts), the open one named in the address. A caller with the section but none of
 * its tabs (no cms sub-permission) is told they may not manage CMS fields.
 */
export default function CmsPage() {
  return (
    <AccessGuard
      rule={(caller) => catalogueTabsFor(caller).length > 0}
      deniedMessage={ERRORS.noPermissionManageCmsFields}
    >
      <CmsScreen />
    </AccessGuard>
  );
}

function CmsScreen() {
  const caller = useCaller();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const tabs = useMemo(() => catalogueTabsFor(caller), [caller]);
  const active = tabs.find((tab) => tab.key === query.get(TAB_PARAMETER)) ?? tabs[0];
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
          onChange={(key) => setQuery({ [TAB_PARAMETER]: key }, { replace: true })}
          items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: <TabContent kind={tab.kind} /> }))}
        />
      </Card>
    </>
  );
}
