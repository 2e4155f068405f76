/**
 * What an uploaded image is, from its bytes rather than from what the client
 * says it is: the format by its magic bytes and the dimensions from its header
 * (no decoding, so a hostile file costs nothing to look at). JPEG, PNG and
 * WebP only: the formats every browser of our diners shows.
 */

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageHeader {
  type: ImageType;
  /** Pixels; null when the header does not say where we looked (refused by the caller). */
  width: number | null;
  height: number | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The image's format and size, or null when it is none of JPEG, PNG or WebP. */
export function imageHeaderRead(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, PNG_SIGNATURE)) {
    // The IHDR chunk comes first: length (4), "IHDR", width and height, big-endian.
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR')
      return { type: 'image/png', width: null, height: null };
    return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ...jpegSize(bytes, view) };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return { type: 'image/webp', ...webpSize(bytes, view) };
  }
  return null;
}

type Size = { width: number | null; height: number | null };
const UNKNOWN: Size = { width: null, height: null };

/** Walks the JPEG's segments to its frame header (SOFn), which holds the size. */
function jpegSize(bytes: Uint8Array, view: DataView): Size {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return UNKNOWN;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (length < 2) return UNKNOWN;
    at += 2 + length;
  }
  return UNKNOWN;
}

/** The size in the first chunk of a WebP: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.length < 30) return UNKNOWN;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const u24 = (at: number) =>
      (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return UNKNOWN;
}
