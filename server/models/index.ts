// The models with behaviour beyond the records engine, by model name: the one registry app.ts hands to the engine
// (server/crud/model-behaviour.ts). A model not listed here gets the generic routes and writes only.
import type { EntityName } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { bill } from './bill';
import { budget } from './budget';
import { contact } from './contact';
import { contract } from './contract';
import { counter } from './counter';
import { document } from './document';
import { expense } from './expense';
import { facility } from './facility';
import { guarantee } from './guarantee';
import { measurement } from './measurement';
import { order } from './order';
import { orderLine } from './order-line';
import { property } from './property';
import { task } from './task';
import { taskEvent } from './task-event';
import { ticket } from './ticket';

export const models: Partial<Record<EntityName, ModelBehaviour>> = {
  bill,
  budget,
  contact,
  contract,
  counter,
  document,
  expense,
  facility,
  guarantee,
  measurement,
  order,
  order_line: orderLine,
  property,
  task,
  task_event: taskEvent,
  ticket,
};
