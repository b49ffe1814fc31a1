// Calendar days as the API writes them (yyyy-MM-dd) and the years a date may have (docs/hostile-input.md).

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The years a date or time may have (docs/hostile-input.md): the database stores more, but a year before 1800 or
 * after 9999 is a typing mistake, and a computed date past 9999 cannot be written back as yyyy-MM-dd.
 */
export const MIN_YEAR = 1800;
export const MAX_YEAR = 9999;
export const yearInRange = (y: number) => y >= MIN_YEAR && y <= MAX_YEAR;

/** A real calendar day (yyyy-mm-dd already matched) in the allowed years: the month exists and has that day. */
export const validDate = (s: string) => {
  const y = Number(s.slice(0, 4));
  if (!yearInRange(y)) return false;
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return m >= 1 && m <= 12 && d >= 1 && d <= days;
};

/**
 * A moment written `yyyy-MM-dd HH:mm:ss` in UTC: how a datetime field with `stamp` (src/entities/fields.ts) travels
 * in the API (a system notification's publication window, docs/domain/notifications.md), stored as an instant.
 */
export const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A real day and time of day in the allowed years, written as a stamp. */
export const isStamp = (v: string) => {
  if (!STAMP.test(v)) return false;
  const [h, m, sec] = v.slice(11).split(':').map(Number);
  return validDate(v.slice(0, 10)) && h! < 24 && m! < 60 && sec! < 60;
};

/** An instant as a stamp (UTC, whole seconds). */
export const formatStamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** A stamp as the ISO instant it names (UTC). */
export const stampToIso = (s: string) => `${s.replace(' ', 'T')}.000Z`;
