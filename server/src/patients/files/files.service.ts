import {
  FILE_MAX_BYTES,
  FILE_MIME_TYPES,
  type FileMimeType,
  type FilePurpose,
  type FileRef,
  NGS_OP,
  seesLabReport,
} from '@registry/shared';
import { created, recordAudit } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, RefusedError } from '../../http/errors.ts';
import { assertMay, loadVisiblePatient } from '../patient-access.ts';
import { createLabReportsRepository } from '../records/lab-reports.repository.ts';
import { safeFileName } from './file-names.ts';
import { capabilityToUpload, type StoredPurpose, storedPurposeOf } from './file-purposes.ts';
import { createFilesRepository } from './files.repository.ts';

/** Whether the bytes are a JPG or a PDF, whatever the name says (docs/product-rules.md#files). */
export async function sniffMimeType(content: Buffer): Promise<FileMimeType | null> {
  // Loaded on the first upload, not at every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(content);
  const mime = type?.mime as string | undefined;
  return FILE_MIME_TYPES.find((allowed) => allowed === mime) ?? null;
}

/**
 * Stores an uploaded file for a patient the caller sees, for a kind of record the caller may write
 * (403 otherwise): 413 above 1 MiB, 415 unless its bytes are a JPG or a PDF. The upload is audited;
 * the patient's version does not move until a record links it.
 */
export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  upload: { patientId: string; name: string; content: Buffer; date: string | null; purpose?: FilePurpose },
): Promise<FileRef> {
  const head = await loadVisiblePatient(ctx.db, actor.principal, upload.patientId);
  const purpose: StoredPurpose = storedPurposeOf(upload.purpose, actor.principal.isAdmin);
  assertMay(actor.principal, head, capabilityToUpload(purpose));
  if (upload.content.length > FILE_MAX_BYTES) {
    throw new HttpError(413, 'FILE_TOO_LARGE');
  }
  const mimeType = upload.content.length > 0 ? await sniffMimeType(upload.content) : null;
  if (!mimeType) {
    throw new HttpError(415, 'FILE_TYPE_REFUSED');
  }
  return ctx.db.transaction(async (tx) => {
    const file = await createFilesRepository(tx).insert({
      patientId: head.id,
      name: safeFileName(upload.name, mimeType),
      mimeType,
      purpose,
      content: upload.content,
      date: upload.date,
      uploadedBy: actor.principal.userId,
    });
    await recordAudit(tx, actor, {
      action: 'file.upload',
      entityType: 'file',
      entityId: file.id,
      patientId: head.id,
      changes: created({ name: file.name, mimeType, size: upload.content.length, purpose }),
    });
    return file;
  });
}

/**
 * A file for download, when the caller sees its patient; a file uploaded for, or linked from, the
 * admins' NGS OP entry is not a doctor's to read (404, like any file the caller may not see). The read
 * is audited.
 */
export async function downloadFile(ctx: AppContext, actor: Actor, id: string) {
  const files = createFilesRepository(ctx.db);
  const meta = await files.findMeta(id);
  if (!meta) {
    throw notFound();
  }
  await loadVisiblePatient(ctx.db, actor.principal, meta.patientId);
  const linkedFrom = await createLabReportsRepository(ctx.db).namesLinking(id);
  const names = meta.purpose === 'ngsOp' ? [...linkedFrom, NGS_OP] : linkedFrom;
  if (names.some((name) => !seesLabReport(actor.principal, name))) {
    throw new RefusedError(404, meta.patientId);
  }
  const content = await files.content(id);
  if (!content) {
    throw notFound();
  }
  await recordAudit(ctx.db, actor, {
    action: 'file.download',
    entityType: 'file',
    entityId: id,
    patientId: meta.patientId,
  });
  return { ...meta, content };
}
