// Documents: the files of the workspace with their description (docs/documents-api.md); added in records' attachments.
import { document } from '../src/entities/document';
import { defineGrid } from './define-grid';

export const documentsGrid = defineGrid(document, {
  columns: ['title', 'category', 'property_uuid', 'valid_to', 'original_filename', 'file_type', 'size', 'created_at'],
  card: ['original_filename', 'category', 'created_at'],
});
