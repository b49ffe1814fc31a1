// The spreadsheet layer (see README.md). Empty until the records-engine issue fills it; this file keeps
// `eslint src views grids` and the import boundaries meaningful from the start.
export {};

// The undo stack other screens push to (the import wizard's "undo this import", calendar reschedules): see the
// "Undo stack" section of README.md.
export {
  pushUndo,
  clearUndo,
  undoState,
  subscribeUndo,
  UNDO_LIMIT,
  type UndoStep,
  type UndoChange,
} from './undo/undo-stack';
export { undo, redo, onUndoApplied } from './undo/undo-run';
