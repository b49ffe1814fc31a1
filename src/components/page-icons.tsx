// Icons of the settings pages, templates and the other pages outside the drawer's modules (views/pages.ts names
// them): 16 px path data one icon at a time like the modules' (module-icons.tsx), loaded with the settings menu and
// those pages, not with the first screen (docs/domain/architecture.md, "Stack").
import type { ReactElement } from 'react';
import box from '@blueprintjs/icons/lib/esm/generated/16px/paths/box';
import calculator from '@blueprintjs/icons/lib/esm/generated/16px/paths/calculator';
import cube from '@blueprintjs/icons/lib/esm/generated/16px/paths/cube';
import duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import exchange from '@blueprintjs/icons/lib/esm/generated/16px/paths/exchange';
import exportIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter';
import font from '@blueprintjs/icons/lib/esm/generated/16px/paths/font';
import form from '@blueprintjs/icons/lib/esm/generated/16px/paths/form';
import globe from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe';
import globeNetwork from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe-network';
import help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import importIcon from '@blueprintjs/icons/lib/esm/generated/16px/paths/import';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import layers from '@blueprintjs/icons/lib/esm/generated/16px/paths/layers';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import numerical from '@blueprintjs/icons/lib/esm/generated/16px/paths/numerical';
import percentage from '@blueprintjs/icons/lib/esm/generated/16px/paths/percentage';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import properties from '@blueprintjs/icons/lib/esm/generated/16px/paths/properties';
import refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import shoppingCart from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import style from '@blueprintjs/icons/lib/esm/generated/16px/paths/style';
import time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import widget from '@blueprintjs/icons/lib/esm/generated/16px/paths/widget';
import { MODULE_ICONS, blueprintIcon, moduleIcon } from './module-icons';

/** Every page icon's path data by Blueprint icon name: these and the modules'. */
export const PAGE_ICONS: Readonly<Record<string, readonly string[]>> = {
  box,
  calculator,
  cube,
  duplicate,
  envelope,
  exchange,
  export: exportIcon,
  filter,
  font,
  form,
  globe,
  'globe-network': globeNetwork,
  help,
  history,
  import: importIcon,
  key,
  layers,
  lock,
  notifications,
  numerical,
  percentage,
  person,
  properties,
  refresh,
  'shopping-cart': shoppingCart,
  style,
  time,
  trash,
  widget,
  ...MODULE_ICONS,
};

/** Any page's icon by name (a cog for a name in neither table; a unit test keeps every page's name in one). */
export const pageIcon = (name: string): ReactElement =>
  PAGE_ICONS[name] ? blueprintIcon(name, PAGE_ICONS[name]) : moduleIcon(name);
