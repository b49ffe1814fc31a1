// What a module adds to the generic record drawer: fields it edits with its own editor (hidden from the generated
// form), that editor inside the form (bound to the same draft, saved with Save), and panels below the form for
// actions and child lists (transitions, events, comments, lines).
import type { ReactNode } from 'react';
import type { FieldErrors } from '../../src/api/errors';
import type { ApiRecord } from '../../src/api/records';

export interface FormExtensionProps {
  draft: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  errors: FieldErrors;
  readOnly: boolean;
  creating: boolean;
}

export interface DrawerExtension {
  /** Fields left out of the generated form (the extension's editor shows them). */
  ownFields?: readonly string[];
  form?: (props: FormExtensionProps) => ReactNode;
  /** Models whose records referencing this one the extension's panels list itself (left out of the related lists). */
  ownRelations?: readonly string[];
  /** A save the server answered with a dry run (409 with `dry_run`): the question to the user, whose answer
   * (`onChoose`) is sent with the same changes again. */
  confirmChange?: (props: ConfirmChangeProps) => ReactNode;
  /** Below the form of a saved record; `onChanged` replaces the record everywhere (drawer, grid row). */
  panels?: (record: ApiRecord, onChanged: (record: ApiRecord) => void) => ReactNode;
}

export interface ConfirmChangeProps {
  /** The server's reply: its `message` and `dry_run`. */
  reply: Record<string, unknown>;
  onChoose: (input: Record<string, unknown>) => void;
  onCancel: () => void;
}
