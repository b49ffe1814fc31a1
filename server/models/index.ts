// The models with behaviour beyond the records engine, by model name: the one registry app.ts hands to the engine
// (server/crud/model-behaviour.ts). A model not listed here gets the generic routes and writes only.
import type { EntityName } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { bill } from './bill';
import { budget } from './budget';
import { contact } from './contact';
import { constructionCostIndex } from './construction-cost-index';
import { contract } from './contract';
import { counter } from './counter';
import { document } from './document';
import { expense } from './expense';
import { facility } from './facility';
import { guarantee } from './guarantee';
import { license } from './license';
import { measurement } from './measurement';
import { network } from './network';
import { webhook } from './webhook';
import { systemNotification } from './system-notification';
import { supportRequest } from './support-request';
import { order } from './order';
import { orderLine } from './order-line';
import { property } from './property';
import { task } from './task';
import { taxModel } from './tax';
import { accountEmailTemplateModel, emailTemplateModel } from './email-template';
import { attributeModel } from './attribute';
import { recordTemplateModel } from './record-template';
import { taskEvent } from './task-event';
import { ticket } from './ticket';
import { accessRule } from './access-rule';
import { filter } from './filter';
import { permissionGroup } from './permission-group';
import { userGroup } from './user-group';
import { gridView } from './grid-view';
import { favorite } from './favorite';
import { delegation } from './delegation';
import { scheduledExport } from './scheduled-export';

export const models: Partial<Record<EntityName, ModelBehaviour>> = {
  bill,
  budget,
  contact,
  construction_cost_index: constructionCostIndex,
  contract,
  counter,
  document,
  expense,
  facility,
  guarantee,
  license,
  measurement,
  network,
  webhook,
  order,
  order_line: orderLine,
  property,
  system_notification: systemNotification,
  support_request: supportRequest,
  task,
  task_event: taskEvent,
  tax: taxModel,
  email_template: emailTemplateModel,
  account_email_template: accountEmailTemplateModel,
  attribute: attributeModel,
  record_template: recordTemplateModel,
  ticket,
  user_group: userGroup,
  permission_group: permissionGroup,
  filter,
  access_rule: accessRule,
  grid_view: gridView,
  favorite,
  delegation,
  scheduled_export: scheduledExport,
};
