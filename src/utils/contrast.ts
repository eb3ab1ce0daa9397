/**
 * WCAG 2.2 colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for the colours the site's
 * themes give as `#rgb`, `#rrggbb`, `rgb(…)`, `rgba(…)` or `transparent`.
 */
export type Rgba = { r: number; g: number; b: number; a: number };

/** A CSS colour as red, green and blue (0-255) and alpha (0-1); throws on any other notation. */
export function parseColour(colour: string): Rgba {
  const text = colour.trim().toLowerCase();
  if (text === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
    return { r, g, b, a: 1 };
  }
  const parts = /^rgba?\(([^)]*)\)$/
    .exec(text)?.[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (parts && (parts.length === 3 || parts.length === 4) && parts.every(Number.isFinite)) {
    const [r, g, b, a = 1] = parts;
    return { r, g, b, a };
  }
  throw new Error(`Not a colour this check reads: "${colour}"`);
}

/** `top` painted over the opaque `bottom`, with `top`'s alpha times `opacity`. */
export function over(top: Rgba, bottom: Rgba, opacity = 1): Rgba {
  const a = top.a * opacity;
  const mix = (front: number, back: number) => front * a + back * (1 - a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const [R, G, B] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** The contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
