import type { ModuleHandlers } from './handler';

/** A colour as the interface writes it: 0xbbggrr, each channel 0 to 255 from 0.0 to 1.0. */
function packed(r: number, g: number, b: number): number {
  const byte = (v: number) => Math.round(v * 255);
  return byte(r) | (byte(g) << 8) | (byte(b) << 16);
}

/** Hue in degrees (0 to 360), saturation and lightness 0 to 1, as red, green and blue 0 to 1. */
function rgbOfHsl(h: number, s: number, l: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const sector = (h % 360) / 60;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r, g, b] =
    sector < 1
      ? [chroma, x, 0]
      : sector < 2
        ? [x, chroma, 0]
        : sector < 3
          ? [0, chroma, x]
          : sector < 4
            ? [0, x, chroma]
            : sector < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = l - chroma / 2;
  return [r + m, g + m, b + m];
}

/** `motion.utilities.color`: the ranges of its parameters are checked before these run. */
export const COLOR_HANDLERS: ModuleHandlers = {
  rgb: (_tx, [r, g, b]) => packed(r as number, g as number, b as number),
  hsl: (_tx, [h, s, l]) => packed(...rgbOfHsl(h as number, s as number, l as number)),
};
