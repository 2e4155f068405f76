import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { uploadedImages } from '../db/schema';

export type UploadedImageInsert = typeof uploadedImages.$inferInsert;

/** Stores an image once per company: the same bytes uploaded again (or at once) write nothing. */
export async function uploadedImageInsert(db: Queryable, row: UploadedImageInsert): Promise<void> {
  await db.insert(uploadedImages).values(row).onConflictDoNothing();
}

/** An image by its hash, whichever company uploaded it (the bytes are the same). */
export async function uploadedImageFind(db: Queryable, hash: string) {
  const [row] = await db
    .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
    .from(uploadedImages)
    .where(eq(uploadedImages.hash, hash))
    .limit(1);
  return row;
}
