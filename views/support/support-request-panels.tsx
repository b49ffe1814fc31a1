// A support request's drawer (docs/domain/support-requests.md): the operator's answer as text, the superuser's
// answer form while the request's `answer` link is offered, and close and reopen as its links allow.
import { Button, FormGroup, H5, TextArea } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiRecord } from '../../src/api/records';
import { fieldErrorsOf } from '../../src/api/errors';
import { ErrorLines } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import { ActionButtons } from '../records/action-buttons';
import type { DrawerExtension } from '../records/drawer-extension';
import { runAction } from '../planning/link-actions';
import './support-requests.css';

export const SUPPORT_REQUEST_ACTIONS = ['close', 'reopen'] as const;

/** The support request drawer's additions (`DRAWER_EXTENSIONS`, src/app/page-loaders.ts). */
export const supportRequestExtension: DrawerExtension = {
  // the answer is the operator's, shown as text below the form (never in an input)
  ownFields: ['answer', 'answered_at', 'answered_by'],
  panels: (record, onChanged) => <SupportPanels record={record} onChanged={onChanged} />,
};

function SupportPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  return (
    <section className="hw-lines-panel hw-support-panels">
      <AnswerText record={record} />
      {typeof record.links.answer === 'string' && <AnswerForm record={record} onChanged={onChanged} />}
      <ActionButtons model="support_request" record={record} actions={SUPPORT_REQUEST_ACTIONS} onChanged={onChanged} />
    </section>
  );
}

function AnswerText({ record }: { record: ApiRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (typeof record.answer !== 'string' || !record.answer) return null;
  return (
    <div className="hw-support-answer" aria-label={t('entities.support_request.fields.answer')} role="region">
      <H5>{t('entities.support_request.fields.answer')}</H5>
      {/* text, never HTML: React escapes it, and line breaks show as written */}
      <p className="hw-support-answer-text">{record.answer}</p>
      <p className="hw-support-answer-by">
        {t('entities.support_request.answeredBy', {
          name: String(record.answered_by ?? ''),
          date: format.dateTime(String(record.answered_at ?? '')),
        })}
      </p>
    </div>
  );
}

function AnswerForm({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState(typeof record.answer === 'string' ? record.answer : '');
  const send = useMutation({
    mutationFn: () => runAction('support_request', record, 'answer', { answer }),
    onSuccess: (saved) => {
      notify.success(t('entities.support_request.done.answer'));
      onChanged(saved);
    },
    onError: (error) => {
      if (!fieldErrorsOf(error).answer) reportActionError(error);
    },
  });
  const errors = send.error ? fieldErrorsOf(send.error).answer : undefined;
  return (
    <FormGroup label={t('entities.support_request.writeAnswer')} labelFor="hw-support-answer-input">
      <TextArea
        id="hw-support-answer-input"
        fill
        rows={6}
        maxLength={20_000}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
      />
      {errors && <ErrorLines messages={errors} />}
      <Button
        intent="primary"
        onClick={() => send.mutate()}
        loading={send.isPending}
        disabled={!answer.trim() || send.isPending}
      >
        {t('entities.support_request.actions.answer')}
      </Button>
    </FormGroup>
  );
}
