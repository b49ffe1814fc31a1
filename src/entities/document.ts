// A document (docs/documents-api.md): one stored file with its description, attached to records of any model through
// document_links (server/db/document-schema.ts). The file fields are set by the upload and never written by
// clients; the allow-list of file types is src/domain/file-types.ts.
import { defineEntity } from './define';
import { f } from './fields';

/** What a document is; the list is ours (the specification names the field only). */
export const DOCUMENT_CATEGORIES = [
  'plan',
  'photo',
  'contract',
  'invoice',
  'offer',
  'report',
  'certificate',
  'manual',
  'correspondence',
  'other',
] as const;

export const document = defineEntity({
  name: 'document',
  plural: 'documents',
  titleField: 'title',
  scope: 'settings_group',
  createdByUpload: true,
  fields: {
    title: f.text({ required: true, max: 200, searchable: true }),
    original_filename: f.text({ readOnly: true, max: 255, searchable: true }),
    category: f.enum(DOCUMENT_CATEGORIES),
    keyword: f.text({ max: 200, searchable: true }),
    language: f.enum(['en-us', 'de', 'de-ch', 'fr', 'it']),
    valid_from: f.date(),
    valid_to: f.date(),
    is_primary: f.bool(),
    file_type: f.text({ readOnly: true, max: 100 }),
    size: f.int({ readOnly: true, min: 0 }),
    /** Set when the document is attached under a property (the records' property); narrows by the selected context. */
    property_uuid: f.ref('property', { readOnly: true }),
    checksum: f.text({ readOnly: true, max: 64 }),
    /** The stored file's key (a generated name inside the storage root, never the client's name). */
    filename: f.text({ readOnly: true, max: 64, hidden: true }),
    /** Not generated yet: always empty (docs/decisions.md). */
    thumbnail: f.text({ readOnly: true, max: 64, hidden: true }),
  },
  defaultSort: { field: 'title' },
  indexes: [['property_uuid'], ['settings_group_uuid', 'valid_to']],
  validate: (d) =>
    typeof d.valid_to === 'string' && typeof d.valid_from === 'string' && d.valid_to < d.valid_from
      ? [{ path: 'valid_to', key: 'validation.end_before_start' }]
      : [],
});
