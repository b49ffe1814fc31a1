// Keys and clipboard events inside a text input (the quick search, an open cell editor, a dialog's field) are
// theirs, not the spreadsheet's.
export const isTextInput = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
