import sharp from 'sharp';

/** What a phone writes into a photo and a neighbour must never read back. */
export const PHOTO_SECRETS = ['Jean Voisin', 'SN-4242-77', 'http://ns.adobe.com/xap', 'Exif\0\0'] as const;

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">' +
  '<dc:creator>Jean Voisin</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

/**
 * A 1600×1200 JPEG as a phone writes it: EXIF with the owner's name, the camera's serial number
 * and a GPS position (Paris), an XMP packet, and orientation 6 (to be shown turned a quarter).
 */
export async function photoWithMetadata(width = 1600, height = 1200) {
  const tagged = await sharp({ create: { width, height, channels: 3, background: '#8a6' } })
    .withExif({
      IFD0: { Artist: 'Jean Voisin', Make: 'Canon', Model: 'EOS R6' },
      IFD2: { BodySerialNumber: 'SN-4242-77' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .withXmp(XMP)
    .jpeg()
    .toBuffer();
  // The orientation goes in a second pass: sharp sets it apart from the other EXIF tags.
  return sharp(tagged).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** The metadata left in an image's bytes: the markers found, and what sharp reads of it. */
export async function metadataLeft(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    markers: PHOTO_SECRETS.filter((s) => bytes.includes(s)),
    exif: !!meta.exif,
    xmp: !!meta.xmp,
    iptc: !!meta.iptc,
    orientation: meta.orientation ?? 1,
    width: meta.width,
    height: meta.height,
  };
}
