/** Joins class names, skipping falsy ones (keeps `classnames` out of our direct dependencies). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
