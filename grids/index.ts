// The spreadsheet layer (see README.md). Empty until the records-engine issue fills it; this file keeps
// `eslint src views grids` and the import boundaries meaningful from the start.
export {};
