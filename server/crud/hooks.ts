// Per-model steps of the generic writes, run inside the write's transaction (one request, one transaction):
// checks and stored values before a create or update, follow-up writes after it (task events, order totals),
// and after archive, restore or delete. A model without hooks gets none. The hooks themselves live in services
// (planning models, contracts) and documents/ (documents).
import type { AnyEntity } from '../../src/entities/define';
import type { Db } from '../db/client';
import type { Access } from './access';
import type { Row } from './present';
import { planningHooks } from '../services/planning-hooks';
import { contractHooks } from '../services/contract-hooks';
import { documentHooks } from '../documents/document-hooks';
import { assertStorable } from './stored-values';

export interface HookContext {
  db: Db;
  access: Access;
  settingsGroup: string;
  now: Date;
}

export interface ModelHooks {
  /** Before insert (current null) or update: throw a ValidationFailed to refuse; return values to store too. */
  beforeWrite?: (h: HookContext, merged: Row, changes: Row, current: Row | null) => Promise<Row | void>;
  afterWrite?: (h: HookContext, uuid: string, created: boolean) => Promise<void>;
  /** After archive (true) or restore (false) of these records; delete counts as taking them out too. */
  afterArchive?: (h: HookContext, uuids: string[], archived: boolean) => Promise<void>;
}

const MODEL_HOOKS: Record<string, ModelHooks> = { ...planningHooks, ...contractHooks, ...documentHooks };

const checked = new Map<string, ModelHooks>();

/** A model's hooks; what its `beforeWrite` derives is checked like client input before it is stored. */
export function hooksOf(entity: AnyEntity): ModelHooks {
  let hooks = checked.get(entity.name);
  if (!hooks) {
    const own = Object.hasOwn(MODEL_HOOKS, entity.name) ? MODEL_HOOKS[entity.name]! : {};
    const before = own.beforeWrite;
    hooks = before
      ? {
          ...own,
          beforeWrite: async (...args) => {
            const derived = await before(...args);
            if (derived) assertStorable(entity, derived);
            return derived;
          },
        }
      : own;
    checked.set(entity.name, hooks);
  }
  return hooks;
}
