import { Readable } from 'node:stream';
import type { AuditEvent, AuditFilters, Language } from '@registry/shared';
import { createAuditRepository } from '../../audit/audit.repository.ts';
import type { Queryable } from '../../db/client.ts';
import { csvRecords } from '../../http/csv.ts';
import { safeCell } from './columns.ts';

/** How many entries are read and written at a time. */
const BATCH = 1000;

const HEADERS: Record<Language, readonly string[]> = {
  es: [
    'Fecha y hora (UTC)',
    'Usuario',
    'Acción',
    'Resultado',
    'Registro',
    'Id del registro',
    'Id del paciente',
    'Cambios',
    'IP',
  ],
  en: [
    'Date and time (UTC)',
    'User',
    'Action',
    'Outcome',
    'Record',
    'Record id',
    'Patient id',
    'Changes',
    'IP',
  ],
};

/** An ISO timestamp as the patient CSV writes it: `dd/mm/yyyy hh:mm` in Spanish, `yyyy-mm-dd hh:mm` in English (UTC). */
function when(iso: string, language: Language): string {
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  return language === 'es'
    ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time}`
    : `${day} ${time}`;
}

function cells(event: AuditEvent, language: Language): unknown[] {
  return [
    when(event.at, language),
    safeCell(event.actorEmail),
    safeCell(event.action),
    safeCell(event.outcome),
    safeCell(event.entityType),
    safeCell(event.entityId),
    safeCell(event.patientId),
    safeCell(event.changes === null ? null : JSON.stringify(event.changes)),
    safeCell(event.ip),
  ];
}

/**
 * The audit trail as CSV (docs/product-rules.md#audit), with the conventions of the patient CSV: UTF-8
 * with a BOM, `;` between cells in Spanish and `,` in English, every text cell behind the formula guard
 * (`safeCell`), newest entry first, read and written a batch at a time.
 */
export function auditCsvStream(db: Queryable, filters: AuditFilters, language: Language): Readable {
  const delimiter = language === 'es' ? ';' : ',';
  const repository = createAuditRepository(db);
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvRecords([HEADERS[language]], delimiter)}`;
    let before: number | null = null;
    for (;;) {
      const batch = await repository.batch(filters, before, BATCH);
      if (batch.length === 0) {
        return;
      }
      yield csvRecords(
        batch.map((event) => cells(event, language)),
        delimiter,
      );
      before = batch.at(-1)?.id ?? null;
      if (batch.length < BATCH) {
        return;
      }
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}
