// The file types a document may have (an allow-list checked by extension and magic bytes; docs/decisions.md,
// "Documents"), and the file name rules of an upload. Pure: the server checks uploads with it, the browser offers the
// same list in its file picker. HTML, SVG, scripts and archives are not on the list.

type Magic = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'heic' | 'tiff' | 'zip' | 'ole' | 'dwg' | 'text';

interface FileType {
  /** The Content-Type the file is stored and served with (never the one the browser claimed). */
  mime: string;
  magic: Magic;
  /**
   * For Office and OpenDocument files (zip containers): what the archive must hold, by entry name. Office Open XML
   * has its content types and the application's folder; OpenDocument its `mimetype` entry, whose text is checked
   * in the first bytes (the standard puts it first, uncompressed).
   */
  parts?: (names: ReadonlySet<string>) => boolean;
}

const ooxml = (folder: string) => (names: ReadonlySet<string>) =>
  names.has('[Content_Types].xml') && [...names].some((n) => n.startsWith(folder));
const odf = (names: ReadonlySet<string>) => names.has('mimetype') && names.has('content.xml');

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
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: 'zip',
    parts: ooxml('word/'),
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: 'zip',
    parts: ooxml('xl/'),
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    magic: 'zip',
    parts: ooxml('ppt/'),
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', magic: 'zip', parts: odf },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', magic: 'zip', parts: odf },
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

/** The text of an OpenDocument file's first entry when it is the `mimetype` entry, stored uncompressed. */
function odfMimetype(head: Uint8Array): string | null {
  if (!starts(head, [0x50, 0x4b, 0x03, 0x04]) || head.length < 30) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const method = view.getUint16(8, true);
  const size = view.getUint32(22, true);
  const nameLength = view.getUint16(26, true);
  const extra = view.getUint16(28, true);
  const name = String.fromCharCode(...head.subarray(30, 30 + nameLength));
  if (method !== 0 || name !== 'mimetype' || size > 200) return null;
  const at = 30 + nameLength + extra;
  return at + size <= head.length ? String.fromCharCode(...head.subarray(at, at + size)) : null;
}

/**
 * The type of an upload from its name, first bytes and, for zip containers, the names of the archive's entries
 * (null when its directory could not be read): the allow-list's entry, or why it is refused (`type`: the extension
 * is not allowed; `content`: the file is not what the extension says, e.g. any zip renamed to .docx).
 */
export function detectFileType(
  name: string,
  head: Uint8Array,
  entries?: readonly string[] | null,
): { mime: string } | { refused: 'type' | 'content' } {
  const type = FILE_TYPES[extensionOf(name)];
  if (!type) return { refused: 'type' };
  if (!MAGIC[type.magic](head)) return { refused: 'content' };
  if (type.parts) {
    if (!entries || !type.parts(new Set(entries))) return { refused: 'content' };
    if (type.parts === odf && odfMimetype(head) !== type.mime) return { refused: 'content' };
  }
  return { mime: type.mime };
}

/** Whether the type of a file with this name is checked inside its archive (detectFileType's `entries`). */
export const isContainerType = (name: string) => Boolean(FILE_TYPES[extensionOf(name)]?.parts);

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
