// The import wizard's state and its rules, free of React and of the network so they are unit-tested:
// the steps, the column matching (server suggestions, overridden by what this user matched last time),
// the checks before validation, and the body sent to validate and run.
import { isAttributeModel } from '../../src/domain/attributes';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import type {
  ColumnMapping,
  ImportJob,
  ImportMode,
  ImportPreview,
  ImportSettings,
  MatchKey,
  RememberedMapping,
  RowFixes,
  ValidationReply,
} from './import-api';

export const STEPS = ['upload', 'sheet', 'header', 'mapping', 'mode', 'validate', 'run', 'result'] as const;
export type Step = (typeof STEPS)[number];

export interface WizardState {
  step: Step;
  job: ImportJob | null;
  sheet: string;
  headerRow: number;
  preview: ImportPreview | null;
  mapping: ColumnMapping;
  mode: ImportMode;
  matchKey: MatchKey;
  fixes: RowFixes;
  validation: ValidationReply | null;
}

/** `mode`: 'update' for a model whose records come from uploads only (an import cannot create them). */
export const initialWizard = (mode: ImportMode = 'insert'): WizardState => ({
  step: 'upload',
  job: null,
  sheet: '',
  headerRow: 1,
  preview: null,
  mapping: {},
  mode,
  matchKey: 'uuid',
  fixes: {},
  validation: null,
});

export type WizardAction =
  | { type: 'uploaded'; job: ImportJob }
  | { type: 'sheet'; sheet: string }
  | { type: 'headerRow'; row: number }
  | { type: 'preview'; preview: ImportPreview; mapping: ColumnMapping }
  | { type: 'map'; column: string; field: string }
  | { type: 'mode'; mode: ImportMode }
  | { type: 'matchKey'; key: MatchKey }
  | { type: 'validated'; reply: ValidationReply }
  | { type: 'fix'; row: number; field: string; value: string }
  | { type: 'job'; job: ImportJob }
  | { type: 'go'; step: Step }
  | { type: 'reset' };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'uploaded':
      return {
        ...initialWizard(state.mode),
        job: action.job,
        sheet: action.job.sheets?.[0]?.name ?? '',
        step: 'sheet',
      };
    case 'sheet':
      return action.sheet === state.sheet ? state : { ...state, sheet: action.sheet, preview: null, validation: null };
    case 'headerRow':
      return action.row === state.headerRow ? state : { ...state, headerRow: action.row, preview: null };
    case 'preview':
      return { ...state, preview: action.preview, mapping: action.mapping, validation: null, fixes: {} };
    case 'map': {
      const mapping = { ...state.mapping };
      if (action.field) mapping[action.column] = action.field;
      else delete mapping[action.column];
      return { ...state, mapping, validation: null };
    }
    case 'mode':
      return { ...state, mode: action.mode, validation: null };
    case 'matchKey':
      return { ...state, matchKey: action.key, validation: null };
    case 'validated':
      return { ...state, validation: action.reply };
    case 'fix': {
      const row = String(action.row);
      return { ...state, fixes: { ...state.fixes, [row]: { ...state.fixes[row], [action.field]: action.value } } };
    }
    case 'job':
      return { ...state, job: action.job };
    case 'go':
      return { ...state, step: action.step };
    case 'reset':
      return initialWizard(state.mode); // a new file keeps the chosen mode
  }
}

/** Fields a column can be matched to: the model's writable fields and its attributes, and uuid as the round-trip key. */
export function importTargets(entity: AnyEntity): string[] {
  const fields = Object.entries(entity.fields)
    .filter(([, field]) => !field.hidden && isWritable(field))
    .map(([name]) => name);
  // each new row's record template, by its name (docs/domain/record-templates.md)
  return ['uuid', ...fields, ...(isAttributeModel(entity.name) ? [TEMPLATE_TARGET] : [])];
}

/** The target of a column naming each new row's record template. */
export const TEMPLATE_TARGET = 'template';

export const matchKeys = (entity: AnyEntity): MatchKey[] =>
  'number_internal' in entity.fields ? ['uuid', 'number_internal'] : ['uuid'];

const norm = (text: string) => text.trim().toLowerCase();

/**
 * The starting match: what this user chose for a header of the same text last time wins over the server's
 * suggestion; a field is used once (the first column keeps it); unknown fields are dropped.
 */
export function initialMapping(
  headers: readonly string[],
  suggested: ColumnMapping,
  remembered: RememberedMapping,
  targets: readonly string[],
): ColumnMapping {
  const known = new Set(targets);
  const byHeader = new Map(Object.entries(remembered).map(([header, field]) => [norm(header), field]));
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  headers.forEach((header, index) => {
    const column = String(index);
    const field = byHeader.has(norm(header)) ? byHeader.get(norm(header)) : suggested[column];
    if (!field || !known.has(field) || used.has(field)) return;
    mapping[column] = field;
    used.add(field);
  });
  return mapping;
}

/** What to remember: header text → field for the matched columns. */
export function rememberedOf(headers: readonly string[], mapping: ColumnMapping): RememberedMapping {
  const out: RememberedMapping = {};
  for (const [column, field] of Object.entries(mapping)) {
    const header = headers[Number(column)];
    if (header?.trim()) out[header.trim()] = field;
  }
  return out;
}

export type MappingProblem =
  { kind: 'nothing' } | { kind: 'duplicate'; field: string } | { kind: 'noKey'; key: MatchKey };

/** Reasons the matching cannot be validated yet (each shown to the user). */
export function mappingProblems(mapping: ColumnMapping, mode: ImportMode, matchKey: MatchKey): MappingProblem[] {
  const fields = Object.values(mapping);
  const problems: MappingProblem[] = [];
  if (fields.filter((f) => f !== 'uuid').length === 0) problems.push({ kind: 'nothing' });
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field)) problems.push({ kind: 'duplicate', field });
    seen.add(field);
  }
  if (mode !== 'insert' && !seen.has(matchKey)) problems.push({ kind: 'noKey', key: matchKey });
  return problems;
}

/** The body of validate and run (into the grid's settings group); fixes only where something was typed. */
export function settingsOf(state: WizardState, settingsGroupUuid: string): ImportSettings {
  const fixes = Object.fromEntries(Object.entries(state.fixes).filter(([, values]) => Object.keys(values).length));
  return {
    settings_group_uuid: settingsGroupUuid,
    sheet: state.sheet,
    header_row: state.headerRow,
    mapping: state.mapping,
    mode: state.mode,
    match_key: state.matchKey,
    ...(Object.keys(fixes).length ? { fixes } : {}),
  };
}

/** Whether "Next" may leave a step. */
export function canLeave(state: WizardState): boolean {
  switch (state.step) {
    case 'upload':
      return state.job !== null;
    case 'sheet':
    case 'header':
      return state.sheet !== '' && state.preview !== null && state.preview.headers.length > 0;
    case 'mapping':
      return mappingProblems(state.mapping, 'insert', state.matchKey).length === 0;
    case 'mode':
      return mappingProblems(state.mapping, state.mode, state.matchKey).length === 0;
    case 'validate': {
      const counts = state.validation?.counts;
      return Boolean(counts && counts.create + counts.update > 0);
    }
    default:
      return false;
  }
}

export const stepAfter = (step: Step): Step => STEPS[Math.min(STEPS.indexOf(step) + 1, STEPS.length - 1)]!;
export const stepBefore = (step: Step): Step => STEPS[Math.max(STEPS.indexOf(step) - 1, 0)]!;
