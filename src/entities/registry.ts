// Every model, by name. Adapters iterate the registry; references name models by these keys.
import type { AnyEntity, Scope } from './define';
import { tableNameSchema } from './account';
import { property } from './property';
import { partition } from './partition';
import { area } from './area';
import { facility } from './facility';
import { contact } from './contact';
import { tenancy } from './tenancy';
import {
  article,
  componentType,
  constructionCostIndex,
  costGroup,
  discount,
  material,
  propertyGroup,
  renewalGroup,
  serviceRate,
  tax,
  unit,
} from './catalogues';
import { task } from './task';
import { taskEvent } from './task-event';
import { ticket, ticketComment } from './ticket';
import { order, orderLine } from './order';
import { contract } from './contract';
import { document } from './document';
import { guarantee } from './guarantee';
import { counter } from './counter';
import { measurement } from './measurement';
import { budget } from './budget';
import { bill, expense } from './bill';
import { accessRule, filterGroup, permissionGroup, storedFilter, userGroup } from './administration';
import { network } from './network';
import { gridView } from './grid-view';
import { favorite } from './favorite';
import { delegation } from './delegation';
import { scheduledExport } from './scheduled-export';
import { license } from './license';
import { systemNotification } from './system-notification';
import { supportRequest } from './support-request';
import { webhook } from './webhook';
import { emailTemplate } from './email-template';
import { accountEmailTemplate } from './account-email-template';
import { attribute } from './attribute';
import { recordTemplate } from './record-template';

export const entities = {
  property,
  partition,
  area,
  facility,
  contact,
  tenancy,
  unit,
  cost_group: costGroup,
  renewal_group: renewalGroup,
  component_type: componentType,
  property_group: propertyGroup,
  construction_cost_index: constructionCostIndex,
  tax,
  article,
  material,
  discount,
  service_rate: serviceRate,
  task,
  task_event: taskEvent,
  ticket,
  ticket_comment: ticketComment,
  order,
  order_line: orderLine,
  contract,
  document,
  guarantee,
  counter,
  measurement,
  budget,
  bill,
  expense,
  user_group: userGroup,
  permission_group: permissionGroup,
  filter_group: filterGroup,
  filter: storedFilter,
  access_rule: accessRule,
  network,
  webhook,
  grid_view: gridView,
  favorite,
  delegation,
  scheduled_export: scheduledExport,
  license,
  system_notification: systemNotification,
  support_request: supportRequest,
  email_template: emailTemplate,
  account_email_template: accountEmailTemplate,
  attribute,
  record_template: recordTemplate,
} satisfies Record<string, AnyEntity>;

export type EntityName = keyof typeof entities;
export const entityList: AnyEntity[] = Object.values(entities);
/** A model by name; only the registry's own keys count (never `constructor` or `__proto__` of the object). */
export const entityByName = (name: string): AnyEntity | undefined =>
  Object.hasOwn(entities, name) ? (entities as Record<string, AnyEntity>)[name] : undefined;
export const entityByPlural = (plural: string) => entityList.find((e) => e.plural === plural);
/** The model whose record a record of this scope belongs to and takes its settings group from (none for models
 * that carry their settings group themselves). */
export const scopeOwner = (scope: Scope): AnyEntity | undefined =>
  scope === 'property' ? entities.property : undefined;

/** The tables a preference or a saved view may name: the models, by name or by path (an allow-list, never free). */
const TABLE_NAMES: ReadonlySet<string> = new Set(entityList.flatMap((e) => [e.name, e.plural]));
export const knownTableName = tableNameSchema.refine((v) => TABLE_NAMES.has(v), 'errors.table_name');
