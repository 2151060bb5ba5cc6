/**
 * WCAG contrast for Telegram's theme colours: a client's theme may pair a hint, link or button colour with its
 * background below the 4.5 : 1 that text needs (Telegram's own light theme: hint #999999 on white is 2.8 : 1),
 * so the page moves such a colour towards black or white until it reads, keeping its hue.
 */
const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parse(colour: string): Rgb | null {
  const hex = colour.replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

function ratio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function contrastRatio(a: string, b: string): number | null {
  const x = parse(a);
  const y = parse(b);
  return x && y ? ratio(x, y) : null;
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/**
 * `colour` as it is when it reads on every one of `backgrounds`, else mixed towards black (on light
 * backgrounds) or white (on dark) just enough to. A colour with transparency, or one the page cannot parse, is
 * kept as it is.
 */
export function readableOn(colour: string, backgrounds: string[]): string {
  const fg = parse(colour);
  const bgs = backgrounds.map(parse).filter((b): b is Rgb => b !== null);
  if (!fg || bgs.length === 0) return colour;
  const reads = (c: Rgb) => bgs.every((b) => ratio(c, b) >= TEXT_CONTRAST);
  if (reads(fg)) return colour;
  const darkBackground = bgs.reduce((sum, b) => sum + luminance(b), 0) / bgs.length < 0.18;
  const target = darkBackground ? 255 : 0;
  for (let step = 1; step <= 20; step++) {
    // Judged as written out, in whole channel values.
    const mixed = fg.map((c) => Math.round(c + ((target - c) * step) / 20)) as Rgb;
    if (reads(mixed)) return hex(mixed);
  }
  return hex([target, target, target]);
}
