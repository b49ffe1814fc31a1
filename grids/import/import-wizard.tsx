// The import wizard (docs/domain/spreadsheet.md, "Import and export"), loaded lazily: upload → sheet → header row → match columns →
// mode → validate (inline fixes) → run as a server job with progress and Cancel → result (error report, Undo).
import { Dialog } from '@blueprintjs/core';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { notify } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { GridDefinition } from '../define-grid';
import * as api from './import-api';
import { describeError, type ImportProblem } from './import-messages';
import {
  canLeave,
  importTargets,
  initialMapping,
  initialWizard,
  rememberedOf,
  settingsOf,
  stepAfter,
  stepBefore,
  wizardReducer,
} from './import-state';
import { ResultStep, RunStep } from './run-step';
import { HeaderStep, SheetStep } from './sheet-step';
import { MappingStep, ModeStep } from './mapping-step';
import { UploadStep } from './upload-step';
import { useImportJob } from './use-import-job';
import { ValidateStep } from './validate-step';
import { WizardFrame } from './wizard-frame';
import './import-wizard.css';

interface Props {
  grid: GridDefinition;
  settingsGroupUuid: string;
  onClose: () => void;
  onImported: (job: api.ImportJob, action: api.ImportEvent) => void;
}

export default function ImportWizard({ grid, settingsGroupUuid, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const { entity } = grid;
  const [state, dispatch] = useReducer(wizardReducer, entity.createdByUpload ? 'update' : 'insert', initialWizard);
  const [busy, setBusy] = useState(false);
  const [undone, setUndone] = useState(false);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const remembered = useRef<Promise<api.RememberedMapping> | null>(null);
  const runKey = useRef<string | null>(null);
  const targets = useMemo(() => importTargets(entity), [entity]);
  const { step, job } = state;

  // The preview of the chosen sheet and header row, with the starting column match.
  useEffect(() => {
    if (!job || !state.sheet || state.preview || (step !== 'sheet' && step !== 'header')) return;
    let live = true;
    remembered.current ??= api.getRememberedMapping(entity.name).catch(() => ({}));
    Promise.all([api.previewImport(job.uuid, state.sheet, state.headerRow), remembered.current]).then(
      ([preview, memory]) => {
        if (!live) return;
        setProblem(null);
        const mapping = initialMapping(preview.headers, preview.suggested_mapping, memory, targets);
        dispatch({ type: 'preview', preview, mapping });
      },
      (error: unknown) => live && setProblem(describeError(error, t)),
    );
    return () => {
      live = false;
    };
  }, [job, state.sheet, state.headerRow, state.preview, step, entity.name, targets, t]);

  useImportJob(step === 'run' ? job : null, (next) => {
    dispatch({ type: 'job', job: next });
    if (api.isFinished(next.status)) {
      dispatch({ type: 'go', step: 'result' });
      onImported(next, 'imported');
    }
  });

  async function attempt(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(describeError(error, t));
    } finally {
      setBusy(false);
    }
  }

  const upload = (file: File) =>
    attempt(async () => {
      runKey.current = null;
      setUndone(false);
      dispatch({ type: 'uploaded', job: await api.uploadImport(entity.name, file) });
    });

  const validate = () =>
    attempt(async () => {
      if (!job) return;
      dispatch({ type: 'validated', reply: await api.validateImport(job.uuid, settingsOf(state, settingsGroupUuid)) });
      dispatch({ type: 'go', step: 'validate' });
    });

  const run = () =>
    attempt(async () => {
      if (!job) return;
      runKey.current ??= crypto.randomUUID();
      dispatch({
        type: 'job',
        job: await api.runImport(job.uuid, settingsOf(state, settingsGroupUuid), runKey.current),
      });
      dispatch({ type: 'go', step: 'run' });
    });

  const undo = () =>
    attempt(async () => {
      if (!job) return;
      const after = { ...job, ...(await api.undoImport(job.uuid)) };
      setUndone(true);
      dispatch({ type: 'job', job: after });
      onImported(after, 'undone');
    });

  function next() {
    if (step === 'mode' || step === 'validate') {
      void (step === 'mode' ? validate() : run());
      return;
    }
    if (step === 'mapping' && state.preview) {
      const chosen = rememberedOf(state.preview.headers, state.mapping);
      void (remembered.current ?? Promise.resolve({}))
        .then((before) => api.saveRememberedMapping(entity.name, { ...before, ...chosen }))
        .catch(() => undefined); // remembering is a convenience; the import does not depend on it
      remembered.current = Promise.resolve(chosen);
    }
    setProblem(null);
    dispatch({ type: 'go', step: stepAfter(step) });
  }

  const close = () => {
    if (step === 'run' && job) {
      notify.info(t('transfer.import.stillRunning'));
      onImported(job, 'running');
    }
    onClose();
  };

  const body = {
    upload: (
      <UploadStep entity={entity} busy={busy} job={job} onFile={(file) => void upload(file)} onProblem={setProblem} />
    ),
    sheet: <SheetStep state={state} dispatch={dispatch} />,
    header: <HeaderStep state={state} dispatch={dispatch} />,
    mapping: <MappingStep entity={entity} targets={targets} state={state} dispatch={dispatch} />,
    mode: <ModeStep entity={entity} state={state} dispatch={dispatch} />,
    validate: (
      <ValidateStep
        entity={entity}
        state={state}
        dispatch={dispatch}
        busy={busy}
        onRevalidate={() => void validate()}
      />
    ),
    run: (
      <RunStep job={job} onCancel={() => void attempt(async () => void (job && (await api.cancelImport(job.uuid))))} />
    ),
    result: <ResultStep job={job} busy={busy} undone={undone} onUndo={() => void undo()} onError={setProblem} />,
  }[step];

  return (
    <Dialog
      isOpen
      onClose={close}
      title={t('transfer.import.title', { model: t(`entities.${entity.name}.plural`) })}
      className="hw-import-wizard"
      canOutsideClickClose={false}
    >
      <WizardFrame
        step={step}
        problem={problem}
        busy={busy}
        canNext={canLeave(state)}
        onBack={() => dispatch({ type: 'go', step: stepBefore(step) })}
        onNext={next}
        onAgain={() => dispatch({ type: 'reset' })}
        onClose={close}
      >
        {body}
      </WizardFrame>
    </Dialog>
  );
}
