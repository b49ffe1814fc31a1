// The file types a document may have (an allow-list checked by extension and magic bytes; docs/decisions.md,
// "Documents"), and the file name rules of an upload. Pure: the server checks uploads with it, the browser offers the
// same list in its file picker. HTML, SVG, scripts and archives are not on the list.

type Magic = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'heic' | 'tiff' | 'zip' | 'ole' | 'dwg' | 'text';

interface FileType {
  /** The Content-Type the file is stored and served with (never the one the browser claimed). */
  mime: string;
  magic: Magic;
}

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  pdf: { mime: 'application/pdf', magic: 'pdf' },
  png: { mime: 'image/png', magic: 'png' },
  jpg: { mime: 'image/jpeg', magic: 'jpeg' },
  jpeg: { mime: 'image/jpeg', magic: 'jpeg' },
  gif: { mime: 'image/gif', magic: 'gif' },
  webp: { mime: 'image/webp', magic: 'webp' },
  heic: { mime: 'image/heic', magic: 'heic' },
  tif: { mime: 'image/tiff', magic: 'tiff' },
  tiff: { mime: 'image/tiff', magic: 'tiff' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: 'zip' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: 'zip' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: 'zip' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', magic: 'zip' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', magic: 'zip' },
  doc: { mime: 'application/msword', magic: 'ole' },
  xls: { mime: 'application/vnd.ms-excel', magic: 'ole' },
  ppt: { mime: 'application/vnd.ms-powerpoint', magic: 'ole' },
  msg: { mime: 'application/vnd.ms-outlook', magic: 'ole' },
  dwg: { mime: 'image/vnd.dwg', magic: 'dwg' },
  dxf: { mime: 'image/vnd.dxf', magic: 'text' },
  txt: { mime: 'text/plain', magic: 'text' },
  csv: { mime: 'text/csv', magic: 'text' },
  eml: { mime: 'message/rfc822', magic: 'text' },
};

/** For a file input's `accept`: every allowed extension. */
export const ACCEPTED_EXTENSIONS = Object.keys(FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const starts = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MAGIC: Record<Magic, (head: Uint8Array) => boolean> = {
  pdf: (h) => starts(h, ascii('%PDF-')),
  png: (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (h) => starts(h, [0xff, 0xd8, 0xff]),
  gif: (h) => starts(h, ascii('GIF87a')) || starts(h, ascii('GIF89a')),
  webp: (h) => starts(h, ascii('RIFF')) && starts(h, ascii('WEBP'), 8),
  heic: (h) =>
    starts(h, ascii('ftyp'), 4) && ['heic', 'heix', 'mif1', 'msf1', 'hevc'].some((b) => starts(h, ascii(b), 8)),
  tiff: (h) => starts(h, [0x49, 0x49, 0x2a, 0x00]) || starts(h, [0x4d, 0x4d, 0x00, 0x2a]),
  zip: (h) => starts(h, [0x50, 0x4b, 0x03, 0x04]),
  ole: (h) => starts(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  dwg: (h) => starts(h, ascii('AC10')),
  // Text has no NUL bytes (UTF-16 text does, and is refused: UTF-8 and the 8-bit code pages are what we expect).
  text: (h) => !h.includes(0),
};

/**
 * The type of an upload from its name and first bytes: the allow-list's entry, or why it is refused
 * (`type`: the extension is not allowed; `content`: the bytes are not what the extension says).
 */
export function detectFileType(name: string, head: Uint8Array): { mime: string } | { refused: 'type' | 'content' } {
  const type = FILE_TYPES[extensionOf(name)];
  if (!type) return { refused: 'type' };
  return MAGIC[type.magic](head) ? { mime: type.mime } : { refused: 'content' };
}

/**
 * The name an upload is kept under: the last path segment (some browsers send `C:\fakepath\…`), without control
 * characters, at most 255 characters with the extension kept.
 */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 255) return base;
  const ext = extensionOf(base);
  return ext && ext.length < 20 ? `${base.slice(0, 254 - ext.length)}.${ext}` : base.slice(0, 255);
}

/** A document's default title: its file name without the extension. */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 200) || name.slice(0, 200);
