// A text matched with LIKE: its wildcards and the escape character taken literally (a search for `50%` finds `50%`).
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
