import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FormOutlined,
  InboxOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Section } from '@labline/contracts';
import type { ReactNode } from 'react';

export const SECTION_ICONS: Readonly<Record<Section, ReactNode>> = {
  dashboard: <AppstoreOutlined />,
  patients: <TeamOutlined />,
  tests: <ExperimentOutlined />,
  results: <FileDoneOutlined />,
  inventory: <InboxOutlined />,
  fulfillment: <CarOutlined />,
  analytics: <BarChartOutlined />,
  users: <UserOutlined />,
  institutions: <BankOutlined />,
  cms: <FormOutlined />,
};
