// Renders the fixtures' vehicle photos (fixtures/inventory/media/photos, credited in the README there): a car in its
// paint colour on a dealer's lot, three scenes each, drawn as SVG and finished by sharp with film grain and a slight
// blur so they read as photographs at card size. Made for the project; run again only to change them:
//   npm run fixture-photos -w packages/app
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { fixturesDir } from "../app/content/fixtures-root.server";

const W = 1600;
const H = 900;

const PAINTS: Record<string, { base: string; light: string; dark: string }> = {
  red: { base: "#b3141b", light: "#ef5350", dark: "#4a0508" },
  blue: { base: "#1d4f91", light: "#6b9be0", dark: "#0a1d3a" },
  white: { base: "#e9ecef", light: "#ffffff", dark: "#8a9299" },
};

/** Scene n: a morning lot, an afternoon lot nearer, a dusk showroom front; each a little different in framing. */
const SCENES = [
  { skyTop: "#7fb2e5", skyBottom: "#dcebf7", ground: "#6f7378", scale: 1, x: 170, sun: "#fff6d8" },
  { skyTop: "#5d9bd8", skyBottom: "#f1e9d2", ground: "#7b7e82", scale: 1.14, x: 60, sun: "#ffe7b0" },
  { skyTop: "#3b4a6b", skyBottom: "#f0b98d", ground: "#55585d", scale: 1.06, x: 120, sun: "#ffd2a1" },
];

function wheel(cx: number, cy: number): string {
  const spokes = Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * 50).toFixed(1)}" y2="${(cy + Math.sin(a) * 50).toFixed(1)}" stroke="#c9ced3" stroke-width="7" stroke-linecap="round"/>`;
  }).join("");
  return `<circle cx="${cx}" cy="${cy}" r="88" fill="#16181a"/>
    <circle cx="${cx}" cy="${cy}" r="82" fill="none" stroke="#2b2e31" stroke-width="6"/>
    <circle cx="${cx}" cy="${cy}" r="58" fill="url(#rim)"/>${spokes}
    <circle cx="${cx}" cy="${cy}" r="14" fill="#9aa1a8"/>`;
}

function scene(color: string, n: number): string {
  const paint = PAINTS[color];
  const s = SCENES[n];
  if (!paint || !s) throw new Error(`no scene ${color}-${n + 1}`);
  const horizon = 520;
  const buildings = Array.from({ length: 9 }, (_, i) => {
    const h = 60 + ((i * 37) % 90);
    return `<rect x="${i * 190 - 20}" y="${horizon - h}" width="170" height="${h}" fill="#8c96a3" opacity="${0.35 + (i % 3) * 0.1}"/>`;
  }).join("");
  const trees = Array.from({ length: 14 }, (_, i) => {
    const x = i * 125 + ((i * 53) % 40);
    const r = 38 + ((i * 29) % 26);
    return `<circle cx="${x}" cy="${horizon - r * 0.6}" r="${r}" fill="#3f5a3a" opacity="0.75"/>`;
  }).join("");
  const lines = Array.from({ length: 9 }, (_, i) => {
    const x = i * 230 - 120;
    return `<polygon points="${x},${horizon + 30} ${x + 8},${horizon + 30} ${x - 220},${H} ${x - 236},${H}" fill="#e8e6df" opacity="0.55"/>`;
  }).join("");
  const car = `<g transform="translate(${s.x} ${170 - (s.scale - 1) * 300}) scale(${s.scale})">
    <ellipse cx="650" cy="648" rx="600" ry="46" fill="#000" opacity="0.45" filter="url(#soft)"/>
    <path d="M90 520 C90 450 130 420 230 405 L420 385 C480 300 560 255 700 250 L930 252 C1030 258 1100 320 1160 385
      L1230 400 C1280 412 1300 440 1300 480 L1300 540 C1300 570 1280 585 1250 585 L120 585 C100 585 90 565 90 540 Z"
      fill="url(#paint)"/>
    <path d="M460 390 C510 320 575 285 690 282 L905 284 C980 290 1030 335 1075 390 Z" fill="url(#glass)"/>
    <rect x="760" y="282" width="16" height="110" fill="${paint.dark}"/>
    <path d="M110 470 L1290 455" stroke="${paint.light}" stroke-width="5" opacity="0.7"/>
    <path d="M120 545 L1290 540" stroke="${paint.dark}" stroke-width="10" opacity="0.35"/>
    <rect x="1240" y="430" width="50" height="24" rx="8" fill="#fff7d6"/>
    <rect x="95" y="440" width="34" height="26" rx="6" fill="#c2181f"/>
    <rect x="640" y="430" width="60" height="8" rx="4" fill="${paint.dark}" opacity="0.7"/>
    <rect x="930" y="430" width="60" height="8" rx="4" fill="${paint.dark}" opacity="0.7"/>
    ${wheel(330, 575)}${wheel(1040, 575)}
  </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.skyTop}"/><stop offset="1" stop-color="${s.skyBottom}"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.ground}"/><stop offset="1" stop-color="#2f3134"/></linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${paint.light}"/><stop offset="0.35" stop-color="${paint.base}"/>
      <stop offset="0.7" stop-color="${paint.base}"/><stop offset="1" stop-color="${paint.dark}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#22313f"/><stop offset="0.45" stop-color="#5c7287"/><stop offset="0.55" stop-color="#1b2733"/>
      <stop offset="1" stop-color="#101820"/></linearGradient>
    <radialGradient id="rim"><stop offset="0" stop-color="#e3e6e9"/><stop offset="1" stop-color="#6c7379"/></radialGradient>
    <radialGradient id="sun" cx="0.8" cy="0.15" r="0.5"><stop offset="0" stop-color="${s.sun}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${s.sun}" stop-opacity="0"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="haze"><feGaussianBlur stdDeviation="3"/></filter>
  </defs>
  <rect width="${W}" height="${horizon}" fill="url(#sky)"/>
  <rect width="${W}" height="${horizon}" fill="url(#sun)"/>
  <g filter="url(#haze)">${buildings}${trees}</g>
  <rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>
  ${lines}
  ${car}
</svg>`;
}

async function render(color: string, n: number): Promise<Buffer> {
  const drawn = await sharp(Buffer.from(scene(color, n)))
    .blur(0.8)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 9 },
    },
  })
    .raw()
    .toBuffer();
  const { data, info } = drawn;
  const out = Buffer.alloc(W * H * 3);
  for (let p = 0, q = 0; p < W * H; p++) {
    for (let c = 0; c < 3; c++, q++) {
      const v = (data[p * info.channels + c] ?? 0) + ((grain[q] ?? 128) - 128);
      out[q] = Math.max(0, Math.min(255, v));
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
}

const dir = join(fixturesDir("inventory"), "media", "photos");
for (const color of Object.keys(PAINTS)) {
  for (let n = 0; n < SCENES.length; n++) {
    const jpeg = await render(color, n);
    writeFileSync(join(dir, `${color}-${n + 1}.jpg`), jpeg);
    console.log(`${color}-${n + 1}.jpg ${Math.round(jpeg.byteLength / 1000)} kB`);
  }
}
