// The wizard's frame around a step: the list of steps (the current one marked for screen readers too), the
// problem of the last action, and Back / Next (or "Import another file" / Close on the result).
import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../src/i18n';
import type { ImportProblem } from './import-messages';
import { STEPS, type Step } from './import-state';

interface Props {
  step: Step;
  problem: ImportProblem | null;
  busy: boolean;
  canNext: boolean;
  onBack: () => void;
  onNext: () => void;
  onAgain: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function WizardFrame({ step, problem, busy, canNext, onBack, onNext, onAgain, onClose, children }: Props) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(step);
  const nextLabel = step === 'mode' ? 'validate' : step === 'validate' ? 'run' : 'next';
  return (
    <>
      <ol className="hw-import-steps" aria-label={t('transfer.import.steps')}>
        {STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={name === step ? 'step' : undefined}
            className={i < index ? 'hw-done' : undefined}
          >
            {t(`transfer.import.step.${name}`)}
          </li>
        ))}
      </ol>
      <DialogBody className="hw-import-body">
        {problem && (
          <Callout intent={Intent.DANGER} className="hw-import-problem" role="alert">
            {problem.message}
            {problem.details.length > 0 && (
              <ul>
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </Callout>
        )}
        {children}
      </DialogBody>
      <DialogFooter
        actions={
          step === 'result' ? (
            <>
              <Button onClick={onAgain}>{t('transfer.import.again')}</Button>
              <Button intent={Intent.PRIMARY} onClick={onClose}>
                {t('transfer.close')}
              </Button>
            </>
          ) : step === 'run' ? undefined : (
            <>
              <Button disabled={index === 0 || busy} onClick={onBack}>
                {t('transfer.back')}
              </Button>
              <Button intent={Intent.PRIMARY} loading={busy} disabled={!canNext} onClick={onNext}>
                {t(`transfer.import.${nextLabel}`)}
              </Button>
            </>
          )
        }
      />
    </>
  );
}
