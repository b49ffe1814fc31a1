// Icons of the module routes. They sit in the first screen's bundle (the drawer), so they carry only the 16 px
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
import timelineLineChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-line-chart';
import wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench';
import type { ReactElement } from 'react';

/** A 16 px Blueprint icon from its path data. */
function icon(name: string, paths: readonly string[]): ReactElement {
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

export const MODULE_ICONS: Record<string, ReactElement> = {
  home: icon('home', home),
  property: icon('office', office),
  partitions: icon('grid-view', gridView),
  areas: icon('polygon-filter', polygonFilter),
  facilities: icon('wrench', wrench),
  contracts: icon('document', document),
  guarantees: icon('shield', shield),
  documents: icon('folder-open', folderOpen),
  contacts: icon('people', people),
  budgets: icon('bank-account', bankAccount),
  bills: icon('dollar', dollar),
  expenses: icon('th-list', thList),
  counters: icon('dashboard', dashboard),
  measurements: icon('timeline-line-chart', timelineLineChart),
  tickets: icon('issue', issue),
  tasks: icon('tick-circle', tickCircle),
  taskEvents: icon('timeline-events', timelineEvents),
  orders: icon('clipboard', clipboard),
  calendar: icon('calendar', calendar),
  charts: icon('timeline-line-chart', timelineLineChart),
  map: icon('map', map),
  supportRequests: icon('lifesaver', lifesaver),
  settingsGroups: icon('applications', applications),
};

export const DEFAULT_MODULE_ICON = icon('cog', cog);
