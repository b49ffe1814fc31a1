// Every failure of the import as words for the user: the server's own message (it is translated there: not a
// workbook, corrupt, password-protected, empty sheet, duplicate headers, …) with its details, and our texts for
// what the server cannot say in JSON (a body over the size limit, the network).
import { isApiError } from '../../src/api/errors';
import type { TFunction } from '../../src/i18n';

export interface ImportProblem {
  message: string;
  details: string[];
}

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.csv'] as const;

/** A file the browser can already tell is not one we read (the server checks the contents too). */
export function fileProblem(file: File, t: TFunction): ImportProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext)))
    return { message: t('transfer.import.errors.extension', { name: file.name }), details: [] };
  if (file.size === 0) return { message: t('transfer.import.errors.emptyFile', { name: file.name }), details: [] };
  return null;
}

export function describeError(error: unknown, t: TFunction): ImportProblem {
  if (!isApiError(error)) return { message: t('transfer.import.errors.unexpected'), details: [] };
  if (error.status === 0) return { message: error.message, details: [] };
  if (error.status === 413) return { message: t('transfer.import.errors.tooBig'), details: [] };
  if (error.status === 415) return { message: t('transfer.import.errors.notWorkbook'), details: [] };
  if (error.status === 404) return { message: t('transfer.import.errors.gone'), details: [] };
  const details = [...new Set(Object.values(error.errors).flat())].filter((text) => text !== error.message);
  return { message: error.message, details };
}

/** A column's target as the user reads it: a field's label, the record's ID (updates by it), or a new row's record
 * template. */
export const fieldLabel = (t: TFunction, entity: { name: string }, field: string) =>
  field === 'uuid'
    ? t('transfer.import.uuidField')
    : field === 'template'
      ? t('transfer.import.templateField')
      : t(`entities.${entity.name}.fields.${field}`);
