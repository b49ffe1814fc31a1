// Documents: the files of the workspace with their description (docs/documents-api.md); added in records' attachments.
import { document } from '../src/entities/document';
import { defineGrid } from './define-grid';

export const documentsGrid = defineGrid(document, {
  columns: ['title', 'original_filename', 'category', 'file_type', 'size', 'property_uuid', 'valid_to', 'created_at'],
  card: ['original_filename', 'category', 'created_at'],
});
