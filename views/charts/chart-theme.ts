// The charts' colours in the light and the dark theme (Blueprint's palette): axis labels, grid lines and tooltips
// follow the theme with a contrast of at least 4.5:1 against the chart's background (docs/decisions.md, "Charts and
// the home dashboard"); series keep one palette, readable on both.

export interface ChartTheme {
  background: string;
  text: string;
  muted: string;
  grid: string;
  tooltip: { background: string; border: string; text: string };
  series: readonly string[];
  /** Anomalies, overdue: Blueprint's red, lighter in the dark. */
  alert: string;
}

export const LIGHT: ChartTheme = {
  background: '#ffffff',
  text: '#1c2127',
  muted: '#404854',
  grid: '#d3d8de',
  tooltip: { background: '#ffffff', border: '#c5cbd3', text: '#1c2127' },
  series: ['#2d72d2', '#238551', '#c87619', '#7961db', '#00a396', '#d1980b', '#8f398f', '#5f6b7c'],
  alert: '#cd4246',
};

export const DARK: ChartTheme = {
  background: '#2f343c',
  text: '#f6f7f9',
  muted: '#d3d8de',
  grid: '#5f6b7c',
  tooltip: { background: '#1c2127', border: '#5f6b7c', text: '#f6f7f9' },
  series: ['#4c90f0', '#32a467', '#ec9a3c', '#9881f3', '#13c9ba', '#f0b726', '#c274c2', '#abb3bf'],
  alert: '#fa999c',
};

export const chartTheme = (dark: boolean): ChartTheme => (dark ? DARK : LIGHT);

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` as [r, g, b]; null otherwise. */
export function parseColor(color: string): [number, number, number] | null {
  const text = color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(text);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const rgb = parseColor(color);
    if (!rgb) return 0;
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
