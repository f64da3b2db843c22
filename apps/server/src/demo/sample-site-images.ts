import type { FastifyBaseLogger } from 'fastify';
import type { SiteImage } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import type { MediaStore } from '../platform/storage/index.ts';
import { type Editor, storeMedia } from '../site/index.ts';
import { loadSharp } from '../platform/images.ts';

/**
 * The sample site's photos-to-be: small illustrations drawn here and rasterised by sharp, then put through the
 * media library as an editor's uploads would be (resized, AVIF and WebP), so the sample shows responsive images.
 */
const W = 1600;
const H = 1067;
const scene = (from: string, to: string, shapes: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>${shapes}</svg>`;

const SCENES = {
  hero: {
    alt: 'A preparer reviewing a return with a client',
    svg: scene(
      '#1c7ed6',
      '#0b3d6e',
      `<rect x="260" y="610" width="1080" height="40" rx="12" fill="#e9ecef"/>
       <rect x="560" y="300" width="480" height="320" rx="18" fill="#f8f9fa"/>
       <rect x="600" y="350" width="300" height="22" rx="8" fill="#adb5bd"/><rect x="600" y="400" width="380" height="22" rx="8" fill="#ced4da"/>
       <rect x="600" y="450" width="340" height="22" rx="8" fill="#ced4da"/><rect x="600" y="520" width="140" height="50" rx="10" fill="#f59f00"/>
       <circle cx="400" cy="420" r="90" fill="#ffd8a8"/><rect x="300" y="510" width="200" height="110" rx="40" fill="#364fc7"/>
       <circle cx="1200" cy="430" r="85" fill="#ffc9c9"/><rect x="1105" y="515" width="190" height="105" rx="40" fill="#2b8a3e"/>`,
    ),
  },
  office: {
    alt: 'The front of our office',
    svg: scene(
      '#a5d8ff',
      '#e7f5ff',
      `<rect x="300" y="330" width="1000" height="620" fill="#f1f3f5"/><rect x="300" y="290" width="1000" height="70" fill="#1c7ed6"/>
       <rect x="700" y="650" width="200" height="300" fill="#495057"/><rect x="380" y="430" width="220" height="170" fill="#74c0fc"/>
       <rect x="1000" y="430" width="220" height="170" fill="#74c0fc"/><rect x="0" y="950" width="${W}" height="117" fill="#868e96"/>`,
    ),
  },
  team: {
    alt: 'Our team at the season kick-off',
    svg: scene(
      '#fff3bf',
      '#ffe066',
      [0, 1, 2, 3, 4]
        .map((i) => {
          const x = 260 + i * 270;
          const colours = ['#364fc7', '#2b8a3e', '#c92a2a', '#862e9c', '#e8590c'];
          return `<circle cx="${x}" cy="470" r="95" fill="#ffd8a8"/><rect x="${x - 110}" y="570" width="220" height="330" rx="60" fill="${colours[i]}"/>`;
        })
        .join(''),
    ),
  },
} as const;
export type SampleImages = Record<keyof typeof SCENES, SiteImage>;

const FALLBACK: SampleImages = {
  hero: { src: '/site/hero.svg', alt: { en: SCENES.hero.alt } },
  office: { src: '/site/office.svg', alt: { en: SCENES.office.alt } },
  team: { src: '/site/team.svg', alt: { en: SCENES.team.alt } },
};

/** The three images in the library; without a media store (some tests), the web app's SVGs by address. */
export async function sampleImages(
  deps: { db: Db; media?: MediaStore | undefined; log: FastifyBaseLogger },
  editor: Editor,
): Promise<SampleImages> {
  const { media } = deps;
  if (!media) return FALLBACK;
  const sharp = await loadSharp();
  const out = {} as SampleImages;
  for (const [name, s] of Object.entries(SCENES) as [keyof typeof SCENES, (typeof SCENES)[keyof typeof SCENES]][]) {
    const bytes = await sharp(Buffer.from(s.svg)).jpeg({ quality: 85 }).toBuffer();
    const m = await storeMedia({ db: deps.db, media, log: deps.log }, editor, {
      bytes,
      name: `${name}.jpg`,
      alt: s.alt,
    });
    out[name] = { src: m.src, alt: m.alt, media_id: m.id };
  }
  return out;
}
