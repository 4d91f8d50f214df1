import sharp from 'sharp';

/** A plain picture drawn in SVG (no text, so no font is needed), as a JPEG photo. */
async function picture(background: string, shapes: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${shapes}</svg>`;
  return sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const PICTURES = {
  lift: () =>
    picture(
      '#9aa3ab',
      '<rect x="300" y="120" width="600" height="720" fill="#c8ced3"/><rect x="330" y="150" width="265" height="690" fill="#7d868e"/><rect x="605" y="150" width="265" height="690" fill="#7d868e"/><rect x="930" y="420" width="60" height="120" rx="8" fill="#3b4248"/><circle cx="960" cy="455" r="14" fill="#e03131"/>',
    ),
  stain: () =>
    picture(
      '#f1ede4',
      '<ellipse cx="600" cy="380" rx="330" ry="210" fill="#c9b48f" opacity="0.75"/><ellipse cx="560" cy="360" rx="190" ry="120" fill="#a88f63" opacity="0.8"/><circle cx="640" cy="560" r="18" fill="#7f9cb3"/><circle cx="655" cy="640" r="12" fill="#7f9cb3"/>',
    ),
  ceiling: () =>
    picture(
      '#e9e5dc',
      '<rect x="0" y="0" width="1200" height="260" fill="#d8d2c4"/><path d="M420 260 Q600 520 780 260 Z" fill="#b49a6a" opacity="0.8"/><rect x="560" y="600" width="90" height="220" fill="#4c6ef5" opacity="0.35"/>',
    ),
  door: () =>
    picture(
      '#b9a48a',
      '<rect x="330" y="80" width="540" height="780" fill="#5c3d2e"/><rect x="380" y="130" width="440" height="330" fill="#a5d8ff" opacity="0.7"/><rect x="790" y="500" width="40" height="90" rx="6" fill="#d4a72c"/><rect x="860" y="470" width="26" height="150" fill="#2b2b2b"/>',
    ),
};
