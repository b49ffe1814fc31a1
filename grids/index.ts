// The spreadsheet layer's public face for other folders (see README.md).

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
export { useUndoKeys } from './undo/use-undo-keys';
