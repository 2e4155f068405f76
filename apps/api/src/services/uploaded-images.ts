/**
 * Images uploaded for the menu (ADR 053): kept in PostgreSQL under their
 * content hash, company by company, and served by the API itself at
 * `/api/images/{hash}` — immutable, so a browser and any cache keep them for
 * good. The menu's `imageUrl` then holds that relative URL.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { type ImageType, imageHeaderRead } from '../lib/image-header';
import { uploadedImageFind, uploadedImageInsert } from '../repositories/uploaded-image-repository';
import type { StaffPrincipal } from './staff-auth-service';
import { venueOwnerOnly } from './venue-edit';

export const IMAGE_BYTES_MAX = 2 * 1024 * 1024;
/** A menu photo needs no more; a bigger one is a camera original that would weigh on every diner. */
export const IMAGE_SIDE_MAX = 4096;
export const IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_HASH_PATTERN = '^[0-9a-f]{64}$';

export const uploadedImageMessages = {
  ownerOnly: 'Solo el dueño puede subir imágenes de la carta',
  notImage: 'La imagen debe ser JPEG, PNG o WebP',
  empty: 'El archivo está vacío',
  tooLarge: 'La imagen pesa más de 2 MB: achíquela o guárdela con más compresión',
  noSize: 'No se pudo leer el tamaño de la imagen: ¿el archivo está completo?',
  tooBig: `La imagen mide más de ${IMAGE_SIDE_MAX} píxeles de lado: achíquela`,
  notFound: 'No existe esa imagen',
} as const;

/** The URL a stored image is served at (relative: the storefront and console are on the API's origin). */
export const uploadedImageUrl = (hash: string) => `/api/images/${hash}`;

const refused = (status: number, message: string) => new HttpError(status, message, { body: message });

/**
 * Checks and stores an image for the OWNER's company: the format by its
 * bytes, the weight, the dimensions from the header. Same bytes, same URL.
 */
export async function uploadedImageSave(
  db: Queryable,
  staff: StaffPrincipal,
  bytes: Uint8Array,
): Promise<{ url: string; width: number; height: number; contentType: ImageType }> {
  venueOwnerOnly(staff, uploadedImageMessages.ownerOnly);
  if (bytes.length === 0) throw refused(400, uploadedImageMessages.empty);
  if (bytes.length > IMAGE_BYTES_MAX) throw refused(413, uploadedImageMessages.tooLarge);
  const header = imageHeaderRead(bytes);
  if (!header) throw refused(415, uploadedImageMessages.notImage);
  const { width, height } = header;
  if (!width || !height) throw refused(400, uploadedImageMessages.noSize);
  if (width > IMAGE_SIDE_MAX || height > IMAGE_SIDE_MAX) throw refused(400, uploadedImageMessages.tooBig);
  const hash = createHash('sha256').update(bytes).digest('hex');
  await uploadedImageInsert(db, {
    companyId: staff.companyId,
    hash,
    contentType: header.type,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    width,
    height,
    staffUserId: staff.id,
  });
  return { url: uploadedImageUrl(hash), width, height, contentType: header.type };
}

/** An image's bytes and type by hash; 404 when unknown. */
export async function uploadedImageGet(db: Queryable, hash: string) {
  const image = await uploadedImageFind(db, hash);
  if (!image) throw notFound(uploadedImageMessages.notFound);
  return image;
}
