// A chart's exports: the drawing as PNG (its SVG drawn onto a canvas at twice the size, on the chart's background,
// under its title), its data as xlsx (chart-xlsx.ts, loaded when first asked for) and as CSV (chart-format.ts).
import type { Locale } from '../../src/entities/account';
import { toCsv, type CsvColumn } from './chart-format';

/** Saves a blob under a file name through a temporary link. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `Budget vs actual` → `budget-vs-actual-2026-11-26`. */
export const fileName = (title: string, today = new Date()) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'chart'
  }-${today.toISOString().slice(0, 10)}`;

const SCALE = 2;
const TITLE_HEIGHT = 32;

/** The chart's SVG (the first recharts surface in `figure`) as a PNG with `title` above it. */
export async function chartPng(figure: HTMLElement, title: string, background: string, text: string): Promise<Blob> {
  const svg = figure.querySelector<SVGSVGElement>('svg.recharts-surface');
  if (!svg) throw new Error('no chart drawn');
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('font-family', getComputedStyle(figure).fontFamily);
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * SCALE);
  canvas.height = Math.ceil((height + TITLE_HEIGHT) * SCALE);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.scale(SCALE, SCALE);
  context.fillStyle = background;
  context.fillRect(0, 0, width, height + TITLE_HEIGHT);
  context.fillStyle = text;
  context.font = `600 15px ${getComputedStyle(figure).fontFamily}`;
  context.fillText(title, 8, 21);
  context.drawImage(image, 0, TITLE_HEIGHT, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}

export const csvBlob = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[], locale: Locale) =>
  new Blob([toCsv(columns, rows, locale)], { type: 'text/csv;charset=utf-8' });

export async function xlsxBlob<T>(sheet: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): Promise<Blob> {
  const { xlsxBytes } = await import('./chart-xlsx');
  const bytes = xlsxBytes(
    sheet,
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
  return new Blob([bytes as BlobPart], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
