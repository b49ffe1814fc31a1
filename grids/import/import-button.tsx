// The toolbar's "Import" entry. The wizard's code loads only when it is opened (and is warmed on hover/focus).
// A finished import reloads the grid and becomes one step of the undo stack (Ctrl+Z undoes the whole batch).
import { Button } from '@blueprintjs/core';
import { Import } from '@blueprintjs/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../src/i18n';
import { queryClient } from '../../src/api/query-client';
import { invalidateRecords } from '../../src/api/records';
import type { GridDefinition } from '../define-grid';
import { pushUndo } from '../undo/undo-stack';
import { undoImport, type ImportEvent, type ImportJob } from './import-api';

const loadWizard = () => import('./import-wizard');
const ImportWizard = lazy(loadWizard);

/** Batches already taken back from the wizard, so the undo stack's step does nothing twice. */
const undoneBatches = new Set<string>();

interface Props {
  grid: GridDefinition;
  /** The workspace new records go into (the grid's selected settings group). */
  settingsGroupUuid: string | null;
  /** Reloads the grid's rows. */
  reload: () => void;
}

export function ImportButton({ grid, settingsGroupUuid, reload }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The wizard unmounts on close, so focus goes back to the button here (keyboard users stay in the toolbar).
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const warm = () => void loadWizard().catch(() => undefined);

  function imported(job: ImportJob, action: ImportEvent) {
    reload();
    invalidateRecords(queryClient, grid.entity.name);
    if (action === 'running') return;
    if (action === 'undone') {
      undoneBatches.add(job.uuid);
      return;
    }
    const counts = job.counts;
    if (!job.links.undo || !counts || counts.created + counts.updated === 0) return;
    pushUndo({
      label: t('transfer.import.undoLabel', { name: job.file_name }),
      model: grid.entity.name,
      batch_id: job.uuid,
      undo: async () => {
        if (!undoneBatches.has(job.uuid)) await undoImport(job.uuid);
        undoneBatches.add(job.uuid);
        reload();
      },
    });
  }

  return (
    <>
      <Button
        ref={button}
        icon={<Import />}
        variant="minimal"
        disabled={!settingsGroupUuid}
        onClick={() => setOpen(true)}
        onMouseEnter={warm}
        onFocus={warm}
      >
        {t('transfer.import.button')}
      </Button>
      {open && settingsGroupUuid && (
        <Suspense fallback={null}>
          <ImportWizard grid={grid} settingsGroupUuid={settingsGroupUuid} onClose={close} onImported={imported} />
        </Suspense>
      )}
    </>
  );
}
