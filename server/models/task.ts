// Tasks (docs/planning-api.md): the recurrence is checked and the events materialised in the save's transaction
// (archive takes the future open events, restore brings them back); activate, deactivate, rejoin a split series, and
// assign to a member (as a ticket; their "assigned to me": server/models/delegation.ts).
import { z } from 'zod';
import { recurrenceOf } from '../../src/domain/task-recurrence';
import { entities } from '../../src/entities/registry';
import { validateRecurrence } from '../../src/domain/recurrence';
import { transitionRefusal } from '../crud/actions';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { ValidationFailed, fieldError } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { deleteFutureOpen, isoDay, materialise } from '../services/task-schedule.service';
import { rejoinSeries, setTaskActive } from '../services/task-actions.service';
import { assignMember } from '../services/record-actions';

const RECURRENCE_FIELDS = new Set(Object.keys(recurrenceOf({})));

function checkRecurrence(merged: Record<string, unknown>) {
  const problems = validateRecurrence(recurrenceOf(merged));
  if (problems.length)
    throw new ValidationFailed(
      Object.fromEntries(
        problems.map((p) => [p.path, [{ key: p.key as MessageKey, ...(p.params ? { params: p.params } : {}) }]]),
      ),
    );
}

const ACTIVITY = { active: { deactivate: 'inactive' }, inactive: { activate: 'active' } };

export const task: ModelBehaviour = {
  hooks: {
    beforeWrite: async (_h, merged, changes, current) => {
      if (!current || Object.keys(changes).some((k) => RECURRENCE_FIELDS.has(k))) checkRecurrence(merged);
    },
    afterWrite: async (h, uuid) => void (await materialise(h.db, uuid, isoDay(h.now), h.access.user.id)),
    afterArchive: async (h, uuids, archived) => {
      if (archived) await deleteFutureOpen(h.db, uuids, isoDay(h.now));
      else for (const uuid of uuids) await materialise(h.db, uuid, isoDay(h.now), h.access.user.id);
    },
  },
  actions: [
    { name: 'activate', refusal: transitionRefusal(ACTIVITY, 'activate'), run: (a) => setTaskActive(a, true) },
    { name: 'deactivate', refusal: transitionRefusal(ACTIVITY, 'deactivate'), run: (a) => setTaskActive(a, false) },
    action({
      name: 'assign',
      body: z.strictObject({ user_uuid: z.uuid().nullable() }),
      run: assignMember(entities.task),
    }),
    // undoes a "this and following" move: replies the series it joined back
    {
      name: 'rejoin',
      refusal: (row) => (row.split_from_uuid ? null : fieldError('split_from_uuid', 'validation.required')),
      run: async (a) => {
        const original = await rejoinSeries(a);
        return { reply: original, meta: { task_uuid: original } };
      },
    },
  ],
};
