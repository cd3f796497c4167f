import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

/** Uploaded files, kept in the database so that one backup holds the whole registry. */
export function createFilesRepository(db: Queryable) {
  return {
    async insert(values: {
      patientId: string;
      name: string;
      mimeType: string;
      content: Buffer;
      date: string | null;
      purpose: string;
      uploadedBy: string;
    }) {
      const [row] = await db
        .insert(files)
        .values({ ...values, size: values.content.length })
        .returning({ id: files.id, name: files.name, date: files.date });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row;
    },

    /** A file without its bytes, or null. */
    async findMeta(id: string) {
      const [row] = await db
        .select({
          id: files.id,
          patientId: files.patientId,
          name: files.name,
          mimeType: files.mimeType,
          size: files.size,
          purpose: files.purpose,
        })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },

    async content(id: string): Promise<Buffer | null> {
      const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, id));
      return row?.content ?? null;
    },
  };
}
