// Support requests (docs/domain/support-requests.md): what the owned global model (src/entities/support-request.ts)
// adds to the records engine. The requester changes the subject and description of their request while it is open;
// writing again on an answered request opens it again, and a closed one is reopened first. Superusers answer
// (`answer`, their action alone), and the requester or a superuser closes and reopens. Each action is audited as
// the engine's update of the record, and the answer's mail goes to the requester once the answer is committed.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SUPPORT_REQUEST_TRANSITIONS } from '../../src/domain/transitions';
import { supportRequest as entity } from '../../src/entities/support-request';
import type { AppContext } from '../context';
import { isSuperuser, type Access } from '../crud/access';
import { transitionOf, transitionRefusal, type Tx } from '../crud/actions';
import { action, type ActionCall, type HookContext, type ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { audit, changesOf } from '../audit/writer';
import { col } from '../crud/table';
import { users } from '../db/schema';
import { fieldError, forbidden } from '../http-error';
import { supportAnswerMail } from '../mail/support-answer-mail';
import { setValues, userName } from '../services/record-actions';

/** What the requester writes; changing it on an answered request is writing again. */
const WRITTEN = ['subject', 'description', 'page'] as const;

/**
 * Only the requester changes what they wrote (a superuser answers through `answer`: 403); a closed request is
 * reopened before it changes (422 on `status`); writing again on an answered request opens it again.
 */
async function beforeWrite(h: HookContext, _merged: Row, changes: Row, current: Row | null): Promise<Row | void> {
  if (!current) return;
  if (Number(current.user_id) !== h.access.user.id) throw forbidden();
  const writes = WRITTEN.some((name) => name in changes && changes[name] !== current[name]);
  if (!writes) return;
  if (current.status === 'closed') throw fieldError('status', 'validation.support_request_closed');
  if (current.status === 'answered') return { status: 'open' };
}

/** An action's values written and audited as the engine's update of the record (docs/domain/permissions.md,
 * "Audit log"). */
async function write(tx: Tx, access: Access, uuid: string, row: Row, values: Row) {
  await setValues(tx, entity, uuid, access, values);
  const changes = changesOf(Object.keys(values), row, values);
  if (!Object.keys(changes).length) return;
  await audit(tx, {
    settings_group_uuid: null,
    user_id: access.user.id,
    action: `${entity.name}.update`,
    target_type: entity.name,
    target_uuid: uuid,
    details: { changes },
    ip: access.ip ?? null,
  });
}

/** A change of status by the requester or a superuser (`close`, `reopen`). */
const move = (name: 'close' | 'reopen') =>
  action({
    name,
    refusal: transitionRefusal(SUPPORT_REQUEST_TRANSITIONS, name),
    run: async ({ tx, access, uuid, row }) => {
      await write(tx, access, uuid, row, { status: transitionOf(SUPPORT_REQUEST_TRANSITIONS, row, name) });
    },
  });

/** The requester's mail of the answer, built inside the action's transaction and sent once it is committed. */
async function answerMail(ctx: AppContext, row: Row, answeredBy: string, uuid: string) {
  const [to] = await ctx.db
    .select({ email: users.email, first: users.first_name, locale: users.locale })
    .from(users)
    .where(eq(users.id, Number(row.user_id)))
    .limit(1);
  if (!to) return undefined;
  return supportAnswerMail(
    { email: to.email, name: to.first ?? '', locale: to.locale },
    { subject: String(row.subject), answeredBy },
    `${ctx.config.appUrl}/support-requests?record=${uuid}`,
  );
}

async function answer({ ctx, tx, access, uuid, row, body }: ActionCall<{ answer: string }>) {
  const by = userName(access);
  await write(tx, access, uuid, row, {
    status: transitionOf(SUPPORT_REQUEST_TRANSITIONS, row, 'answer'),
    answer: body.answer,
    answered_at: new Date(),
    answered_by: by,
  });
  const mail = await answerMail(ctx, row, by, uuid);
  return mail ? { afterCommit: () => ctx.mailer.send(mail) } : undefined;
}

export const supportRequest: ModelBehaviour = {
  hooks: { beforeWrite },
  selected: () => ({
    requester_name: sql<string>`(select trim(${users.first_name} || ' ' || ${users.last_name}) from ${users}
      where ${users.id} = ${col(entity, 'user_id')})`,
  }),
  actions: [
    action({
      name: 'answer',
      // the operator's answer: superusers with confirmed 2FA only (docs/domain/support-requests.md)
      allowed: (access) => isSuperuser(access),
      refusal: transitionRefusal(SUPPORT_REQUEST_TRANSITIONS, 'answer'),
      body: z.strictObject({ answer: z.string().trim().min(1).max(20_000) }),
      run: answer,
    }),
    move('close'),
    move('reopen'),
  ],
};
