// Icons of the module routes, imported one by one so the bundle carries only these paths
// (architecture.md §6).
import {
  Cog,
  Applications,
  BankAccount,
  Document,
  Dollar,
  FolderOpen,
  GridView,
  Home,
  Issue,
  Lifesaver,
  Map,
  Office,
  People,
  PolygonFilter,
  Shield,
  TickCircle,
  TimelineLineChart,
  Wrench,
} from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { lazyIcon } from './lazy-icon';

export const MODULE_ICONS: Record<string, ReactElement> = {
  home: <Home />,
  property: <Office />,
  partitions: <GridView />,
  areas: <PolygonFilter />,
  facilities: <Wrench />,
  contracts: <Document />,
  guarantees: <Shield />,
  documents: <FolderOpen />,
  contacts: <People />,
  budgets: <BankAccount />,
  bills: <Dollar />,
  measurements: <TimelineLineChart />,
  tickets: <Issue />,
  tasks: <TickCircle />,
  calendar: lazyIcon(() => import('@blueprintjs/icons/lib/esm/generated/components/calendar')),
  map: <Map />,
  supportRequests: <Lifesaver />,
  settingsGroups: <Applications />,
};

export const DEFAULT_MODULE_ICON = <Cog />;
