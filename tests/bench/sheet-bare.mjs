// The baselines of the spreadsheet benchmark, run in their own process so their memory is their own:
// `read <file>`: a bare exceljs streaming read of every row (the import's parser with the same options);
// `write <file> <rows>`: a bare exceljs streaming WorkbookWriter of <rows> × 10 typed cells like the export's.
// Prints one JSON line: { rows, ms, maxRssMb }.
import fs from 'node:fs';
import ExcelJS from 'exceljs';

const [mode, file, count] = process.argv.slice(2);
const start = performance.now();
let rows = 0;
if (mode === 'read') {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const ws of reader) for await (const row of ws) if (row.values.length) rows++;
} else {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: fs.createWriteStream(file),
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Facilities', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = ['Name', 'No', 'Maker', 'Serial', 'Qty', 'Price', 'Year', 'Life', 'Status', 'Property'].map((h) => ({
    header: h,
    key: h,
    width: 14,
  }));
  ws.getRow(1).commit();
  for (let i = 1; i <= Number(count); i++) {
    ws.addRow([
      `Facility ${i}`,
      `A-${i}`,
      'Hoval',
      `SN${i}`,
      1 + (i % 4),
      1000.5 + i,
      1990 + (i % 34),
      20,
      'Active',
      `Property ${1 + (i % 30)}`,
    ]).commit();
    rows++;
  }
  ws.commit();
  await wb.commit();
}
const ms = performance.now() - start;
process.stdout.write(`${JSON.stringify({ rows, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
