// Icons of the module pages (views/pages.ts names them). They sit in the first screen's bundle (the drawer), so they carry only the 16 px
// path data, imported one icon at a time (docs/domain/architecture.md, "Stack"): Blueprint's icon components bundle the 20 px
// paths as well, which doubled these bytes. The markup is Blueprint's (`bp6-icon` span around an svg), so icon
// styles and colours apply as usual.
import { Classes } from '@blueprintjs/core';
import applications from '@blueprintjs/icons/lib/esm/generated/16px/paths/applications';
import bankAccount from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import dollar from '@blueprintjs/icons/lib/esm/generated/16px/paths/dollar';
import folderOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open';
import gridView from '@blueprintjs/icons/lib/esm/generated/16px/paths/grid-view';
import home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import issue from '@blueprintjs/icons/lib/esm/generated/16px/paths/issue';
import lifesaver from '@blueprintjs/icons/lib/esm/generated/16px/paths/lifesaver';
import map from '@blueprintjs/icons/lib/esm/generated/16px/paths/map';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import polygonFilter from '@blueprintjs/icons/lib/esm/generated/16px/paths/polygon-filter';
import shield from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import thList from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import timelineEvents from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events';
import timelineBarChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';
import timelineLineChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-line-chart';
import wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench';
import type { ReactElement } from 'react';

/** A 16 px Blueprint icon from its path data. */
export function blueprintIcon(name: string, paths: readonly string[]): ReactElement {
  return (
    <span aria-hidden className={`${Classes.ICON} ${Classes.ICON}-${name}`}>
      <svg data-icon={name} width={16} height={16} viewBox="0 0 16 16" role="img">
        {paths.map((d) => (
          <path key={d} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}

/** The path data of the modules' icons (views/pages.ts), by Blueprint icon name. */
export const MODULE_ICONS: Readonly<Record<string, readonly string[]>> = {
  applications,
  'bank-account': bankAccount,
  calendar,
  clipboard,
  cog,
  dashboard,
  document,
  dollar,
  'folder-open': folderOpen,
  'grid-view': gridView,
  home,
  issue,
  lifesaver,
  map,
  office,
  people,
  'polygon-filter': polygonFilter,
  shield,
  'th-list': thList,
  'tick-circle': tickCircle,
  'timeline-bar-chart': timelineBarChart,
  'timeline-events': timelineEvents,
  'timeline-line-chart': timelineLineChart,
  wrench,
};

/** A module's icon by name (a cog for a name not in the table; a unit test keeps the modules' names in it). */
export const moduleIcon = (name: string): ReactElement =>
  MODULE_ICONS[name] ? blueprintIcon(name, MODULE_ICONS[name]) : blueprintIcon('cog', cog);
