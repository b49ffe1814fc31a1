// Links beyond the generic ones (docs/rules.md, "Records, links and actions"): one per transition allowed from the
// record's state, and the model's own actions (a facility's or contract's related tasks, offered before archiving).
// Pure: decided from the row alone (the caller's right to update is checked before).
import type { AnyEntity } from '../../src/entities/define';
import {
  CONTRACT_TRANSITIONS,
  TASK_EVENT_TRANSITIONS,
  TICKET_TRANSITIONS,
  allowedActions,
  orderTransitions,
} from '../../src/domain/transitions';
import type { Row } from './present';

const key = (action: string) => action.replace(/-/g, '_');

function actions(entity: AnyEntity, row: Row): string[] {
  const state = String(row.status);
  switch (entity.name) {
    case 'task':
      return [state === 'active' ? 'deactivate' : 'activate', ...(row.split_from_uuid ? ['rejoin'] : [])];
    case 'task_event':
      return state === 'open' ? [...allowedActions(TASK_EVENT_TRANSITIONS, state), 'reschedule'] : [];
    case 'ticket':
      return [...allowedActions(TICKET_TRANSITIONS, state), 'assign', 'follow', 'unfollow', 'comments', 'create-order'];
    case 'order': {
      const list = allowedActions(orderTransitions(String(row.kind)), state);
      if (row.kind === 'external' && ['sent', 'accepted'].includes(state)) list.push('reset-token');
      if (row.kind === 'external') list.push('messages');
      return list;
    }
    case 'facility':
      return ['related-tasks'];
    case 'contract': {
      // extending needs an end date to extend from
      const list = allowedActions(CONTRACT_TRANSITIONS, state).filter((a) => a !== 'extend' || row.contract_end_date);
      return [...list, 'facilities', 'related-tasks'];
    }
    default:
      return [];
  }
}

export function modelLinks(entity: AnyEntity, row: Row, base: string): Record<string, string> {
  return Object.fromEntries(actions(entity, row).map((a) => [key(a), `${base}/${a}`]));
}
