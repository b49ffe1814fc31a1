// The undo stack (docs/domain/spreadsheet.md, "Grid editing"): up to 50 steps per browser session, each one user action (a cell
// edit, a paste, a fill, a clear, a bulk edit, an archive, an import, a reschedule). Kept in memory; cleared on logout
// and when the selected settings group changes. Other screens push their own steps (see README.md).
import { loggedInAtom } from '../../src/state/session';
import { selectedSettingsGroupAtom } from '../../src/state/context';
import { store } from '../../src/state/store';

export interface UndoChange {
  uuid: string;
  field: string;
  before: unknown;
  after: unknown;
}

export interface UndoStep {
  /** What the user did, translated ("Paste 48 cells"); shown in the undo and redo notices. */
  label: string;
  /** The model name (`facility`, …) of the records. */
  model: string;
  /** Field values before and after, per record. */
  changes: UndoChange[];
  /** Records the action created (undo deletes them while nobody changed them since). */
  created: string[];
  /** Records the action archived (undo restores them). */
  archived: string[];
  /** An import batch (undo is `POST /imports/{batch_id}/undo`). */
  batch_id: string | null;
  created_at?: number;
  /** `updated_at` of each record after the action: the precondition of the inverse request. */
  versions?: Record<string, string>;
  /** The field values of the created records, so a redo can create them again. */
  createdValues?: Record<string, unknown>[];
  /** A custom inverse (e.g. a calendar reschedule) instead of the generic one; `redo` optional. */
  undo?: () => Promise<void>;
  redo?: () => Promise<void>;
}

export const UNDO_LIMIT = 50;

interface UndoState {
  undo: readonly UndoStep[];
  redo: readonly UndoStep[];
  busy: boolean;
}

let state: UndoState = { undo: [], redo: [], busy: false };
const listeners = new Set<() => void>();

function set(next: Partial<UndoState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const undoState = () => state;
export function subscribeUndo(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a step on top; a new action forgets what could be redone. */
export function pushUndo(
  step: Omit<UndoStep, 'changes' | 'created' | 'archived' | 'batch_id'> & Partial<UndoStep>,
): void {
  const full: UndoStep = { changes: [], created: [], archived: [], batch_id: null, created_at: Date.now(), ...step };
  set({ undo: [...state.undo, full].slice(-UNDO_LIMIT), redo: [] });
}

export function clearUndo(): void {
  if (state.undo.length === 0 && state.redo.length === 0) return;
  set({ undo: [], redo: [] });
}

/** The moves asked for, one after the other: a Ctrl+Z pressed while the last one still runs waits its turn (each
 * press counts, as in a spreadsheet) instead of being lost. */
let queue: Promise<unknown> = Promise.resolve();

/** Moves the top step between the stacks while `run` takes it back (or does it again), after the moves asked for
 * before it. Resolves to the step moved, or null when that side of the stack was empty by then. */
export function moveStep(
  from: 'undo' | 'redo',
  run: (step: UndoStep) => Promise<UndoStep | null>,
): Promise<UndoStep | null> {
  const moved = queue.then(() => moveNow(from, run));
  queue = moved.catch(() => undefined);
  return moved;
}

async function moveNow(from: 'undo' | 'redo', run: (step: UndoStep) => Promise<UndoStep | null>) {
  const step = state[from].at(-1);
  if (!step) return null;
  set({ busy: true });
  try {
    const next = await run(step);
    const rest = state[from].filter((s) => s !== step);
    const to = from === 'undo' ? 'redo' : 'undo';
    set({ [from]: rest, [to]: next ? [...state[to], next].slice(-UNDO_LIMIT) : state[to] } as Partial<UndoState>);
    return step;
  } finally {
    set({ busy: false });
  }
}

// Logout and a change of workspace forget everything (the steps name records of the old session or group).
store.sub(loggedInAtom, () => {
  if (!store.get(loggedInAtom)) clearUndo();
});
store.sub(selectedSettingsGroupAtom, clearUndo);
