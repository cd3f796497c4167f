import type { FilePurpose, PatientCapability } from '@registry/shared';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';

/**
 * What a file is for (docs/product-rules.md#files): a file may be linked only from the patient and the
 * kind of record it was uploaded for, and uploaded only by someone allowed to write that record — so
 * that knowing a file's id gives nobody a way to reach it from a record of their own.
 */

/** A purpose as stored: one a client names, or `clinical` for a doctor's upload that named none. */
export type StoredPurpose = FilePurpose | 'clinical';

/** The kind of record a link is written from. */
export type LinkingRecord = FilePurpose;

/** The purpose an upload is kept under: the one named, else the uploader's only kind of record. */
export function storedPurposeOf(named: FilePurpose | undefined, isAdmin: boolean): StoredPurpose {
  if (named) {
    return named;
  }
  return isAdmin ? 'ngsOp' : 'clinical';
}

const UPLOAD_CAPABILITY: Record<StoredPurpose, PatientCapability> = {
  sample: 'clinical',
  clinical: 'clinical',
  labReport: 'labReports',
  ngsOp: 'ngsOp',
};

/** What the uploader must be allowed to write, for a file of this purpose. */
export function capabilityToUpload(purpose: StoredPurpose): PatientCapability {
  return UPLOAD_CAPABILITY[purpose];
}

const LINKABLE_FROM: Record<LinkingRecord, readonly StoredPurpose[]> = {
  sample: ['sample', 'clinical'],
  labReport: ['labReport', 'clinical'],
  ngsOp: ['ngsOp'],
};

/** Whether a record of this kind may link a file uploaded for that purpose. */
export function mayLink(record: LinkingRecord, purpose: string): boolean {
  return (LINKABLE_FROM[record] as readonly string[]).includes(purpose);
}

/**
 * Checks the files a write links: each must be one uploaded for this patient and for this kind of
 * record; else 422 on its field, with one message whether the file is unknown or meant for another
 * record, so that the answer tells nothing about files the caller may not see.
 */
export async function assertLinkable(
  db: Queryable,
  patientId: string,
  links: Record<string, { fileId: string | null | undefined; record: LinkingRecord }>,
): Promise<void> {
  const fields: Record<string, string> = {};
  for (const [path, { fileId, record }] of Object.entries(links)) {
    if (!fileId) {
      continue;
    }
    const [row] = await db
      .select({ purpose: files.purpose })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.patientId, patientId)));
    if (!row || !mayLink(record, row.purpose)) {
      fields[path] = 'validation.fileUnknown';
    }
  }
  if (Object.keys(fields).length > 0) {
    throw unprocessable('RULE_BROKEN', fields);
  }
}
