import type Sharp from 'sharp';

let sharp: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image rather than at start. Its operation cache is off: it keeps up to
 * 50 MB of decoded images to reuse, and a portal never processes the same upload twice, so it only held memory
 * for as long as the server ran (bench/memory, docs/decisions/0025).
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import('sharp').then(({ default: loaded }) => {
    loaded.cache(false);
    return loaded;
  });
  return sharp;
}
