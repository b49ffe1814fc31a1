// Every model, by name. Adapters iterate the registry; references name models by these keys.
import type { AnyEntity } from './define';
import { property } from './property';
import { partition } from './partition';
import { area } from './area';
import { facility } from './facility';
import { contact } from './contact';
import { tenancy } from './tenancy';
import { costGroup, renewalGroup, unit } from './catalogues';
import { task } from './task';
import { taskEvent } from './task-event';
import { ticket, ticketComment } from './ticket';
import { order, orderLine } from './order';
import { contract } from './contract';
import { document } from './document';

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
  task,
  task_event: taskEvent,
  ticket,
  ticket_comment: ticketComment,
  order,
  order_line: orderLine,
  contract,
  document,
} satisfies Record<string, AnyEntity>;

export type EntityName = keyof typeof entities;
export const entityList: AnyEntity[] = Object.values(entities);
export const entityByName = (name: string): AnyEntity | undefined => (entities as Record<string, AnyEntity>)[name];
export const entityByPlural = (plural: string) => entityList.find((e) => e.plural === plural);
