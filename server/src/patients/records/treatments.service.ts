import {
  type CreateTreatmentsInput,
  type DrugInput,
  storedChoice,
  type Treatment,
  type TreatmentInput,
  type UpsertTreatmentsInput,
} from '@registry/shared';
import { changesOf, created, removed } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { completeValues } from '../../db/record-columns.ts';
import { drugs, treatments } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { assertConsentGiven, assertNotFuture } from '../patient-rules.ts';
import { type PatientWrite, writePatient } from '../patient-write.ts';
import { createPatientsRepository } from '../patients.repository.ts';
import { readRecords, type Written } from './record-write.ts';
import { denseOrder } from './treatment-order.ts';
import {
  createTreatmentsRepository,
  type DrugValues,
  type TreatmentValues,
} from './treatments.repository.ts';

/** A treatment's stored values from what a client sent: every field of the table, Other joined to its name. */
function treatmentValuesOf(
  item: TreatmentInput | CreateTreatmentsInput['treatments'][number],
): TreatmentValues {
  return completeValues(treatments, { ...item, scheme: storedChoice(item.scheme, item.schemeName) }, [
    'order',
  ]);
}

const drugValuesOf = (drug: DrugInput): DrugValues => completeValues(drugs, drug, ['order']);

function assertDatesNotFuture(items: readonly TreatmentInput[], now: Date): void {
  const dates: Record<string, string | null | undefined> = {};
  items.forEach((item, i) => {
    dates[`treatments.${i}.startDate`] = item.startDate;
    dates[`treatments.${i}.diseaseAssessmentDate`] = item.diseaseAssessmentDate;
    dates[`treatments.${i}.medulogramDate`] = item.medulogramDate;
    dates[`treatments.${i}.EMRDate`] = item.EMRDate;
    item.drugs.forEach((drug, j) => {
      dates[`treatments.${i}.drugs.${j}.startApplicationDate`] = drug.startApplicationDate;
      dates[`treatments.${i}.drugs.${j}.lastAplicationDate`] = drug.lastAplicationDate;
    });
  });
  assertNotFuture(dates, now);
}

/** Upserts a patient's treatments and their drugs, keeping order numbers dense. */
export async function saveTreatments(
  { tx, head, record }: PatientWrite,
  items: readonly TreatmentInput[],
  now: Date,
): Promise<void> {
  await assertConsentGiven(createPatientsRepository(tx), head);
  assertDatesNotFuture(items, now);
  const repo = createTreatmentsRepository(tx);
  const existing = await repo.listTreatments(head.id);
  const existingDrugs = await repo.listDrugs(existing.map((t) => t.id));
  const unknown: Record<string, string> = {};
  items.forEach((item, i) => {
    if (item.id && !existing.some((t) => t.id === item.id)) {
      unknown[`treatments.${i}.id`] = 'validation.invalid';
    }
    item.drugs.forEach((drug, j) => {
      if (drug.id && !existingDrugs.some((d) => d.id === drug.id && d.treatmentId === item.id)) {
        unknown[`treatments.${i}.drugs.${j}.id`] = 'validation.invalid';
      }
    });
  });
  if (Object.keys(unknown).length > 0) {
    throw unprocessable('RULE_BROKEN', unknown);
  }

  const sentIds = new Set(items.map((item) => item.id).filter(Boolean));
  const orders = denseOrder(
    existing.filter((t) => !sentIds.has(t.id)).map((t) => ({ key: t.id, order: t.order })),
    items.map((item, i) => ({ key: item.id ?? `new:${i}`, order: item.order })),
  );
  for (const [i, item] of items.entries()) {
    const values = treatmentValuesOf(item);
    const order = orders.get(item.id ?? `new:${i}`) ?? 1;
    let treatmentId: string;
    if (item.id) {
      treatmentId = item.id;
      const { id: _id, ...before } = existing.find((t) => t.id === item.id) ?? { id: '' };
      const changes = changesOf(before, { ...values, order });
      if (Object.keys(changes).length > 0) {
        await repo.updateTreatment(item.id, { ...values, order });
        record({ action: 'treatment.update', entityType: 'treatment', entityId: item.id, changes });
      }
    } else {
      treatmentId = await repo.insertTreatment(head.id, order, values);
      record({
        action: 'treatment.create',
        entityType: 'treatment',
        entityId: treatmentId,
        changes: created({ order, ...values }),
      });
    }
    await saveDrugs(
      { tx, record },
      treatmentId,
      existingDrugs.filter((d) => d.treatmentId === treatmentId),
      item.drugs,
    );
  }
  await renumberKept(
    record,
    'treatment',
    existing.filter((t) => !sentIds.has(t.id)),
    orders,
    (id, order) => repo.updateTreatment(id, { order }),
  );
}

async function saveDrugs(
  { tx, record }: Pick<PatientWrite, 'tx' | 'record'>,
  treatmentId: string,
  existing: readonly ({ id: string; order: number } & DrugValues)[],
  items: readonly DrugInput[],
): Promise<void> {
  const repo = createTreatmentsRepository(tx);
  const sentIds = new Set(items.map((drug) => drug.id).filter(Boolean));
  const kept = existing.filter((d) => !sentIds.has(d.id));
  const orders = denseOrder(
    kept.map((d) => ({ key: d.id, order: d.order })),
    items.map((drug, j) => ({
      key: drug.id ?? `new:${j}`,
      order: drug.order,
      was: existing.find((d) => d.id === drug.id)?.order,
    })),
  );
  for (const [j, drug] of items.entries()) {
    const values = drugValuesOf(drug);
    const order = orders.get(drug.id ?? `new:${j}`) ?? 1;
    if (drug.id) {
      const { id: _id, ...before } = existing.find((d) => d.id === drug.id) ?? { id: '' };
      const changes = changesOf(before, { ...values, order });
      if (Object.keys(changes).length > 0) {
        await repo.updateDrug(drug.id, { ...values, order });
        record({ action: 'drug.update', entityType: 'drug', entityId: drug.id, changes });
      }
    } else {
      const drugId = await repo.insertDrug(treatmentId, order, values);
      record({
        action: 'drug.create',
        entityType: 'drug',
        entityId: drugId,
        changes: created({ treatmentId, order, ...values }),
      });
    }
  }
  await renumberKept(record, 'drug', kept, orders, (id, order) => repo.updateDrug(id, { order }));
}

/** The records a write did not send take their place in the dense order; each move is audited. */
async function renumberKept(
  record: PatientWrite['record'],
  entityType: 'treatment' | 'drug',
  kept: readonly { id: string; order: number }[],
  orders: Map<string, number>,
  update: (id: string, order: number) => Promise<unknown>,
): Promise<void> {
  for (const item of kept) {
    const order = orders.get(item.id) ?? item.order;
    if (order !== item.order) {
      await update(item.id, order);
      record({
        action: `${entityType}.update`,
        entityType,
        entityId: item.id,
        changes: { order: { old: item.order, new: order } },
      });
    }
  }
}

function allTreatments(ctx: AppContext, actor: Actor, patientId: string): Promise<Treatment[]> {
  return readRecords(ctx.db, actor, patientId, 'treatments');
}

/** `POST /api/patients/treatments`: adds treatments (with their drugs). */
export async function createTreatments(
  ctx: AppContext,
  actor: Actor,
  input: CreateTreatmentsInput,
  ifMatch: string | undefined,
): Promise<Written<Treatment[]>> {
  return upsertTreatments(ctx, actor, input.patientId, input, ifMatch);
}

/** `PUT /api/patients/treatments/{patientId}`: updates the items with an id, adds the others. */
export async function upsertTreatments(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  input: UpsertTreatmentsInput,
  ifMatch: string | undefined,
): Promise<Written<Treatment[]>> {
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    (w) => saveTreatments(w, input.treatments, actor.now),
  );
  return { data: await allTreatments(ctx, actor, patientId), version };
}

/** Deletes a treatment of the patient (and its drugs) within a write already open; the following move up. */
export async function deleteTreatmentIn({ tx, head, record }: PatientWrite, id: string): Promise<void> {
  const repo = createTreatmentsRepository(tx);
  const existing = await repo.listTreatments(head.id);
  const target = existing.find((t) => t.id === id);
  if (!target) {
    throw notFound();
  }
  const drugs = await repo.listDrugs([id]);
  await repo.deleteTreatment(id);
  const { id: _id, ...before } = target;
  record({
    action: 'treatment.delete',
    entityType: 'treatment',
    entityId: id,
    changes: removed({ ...before, drugs: drugs.map((d) => d.name) }),
  });
  const rest = existing.filter((t) => t.id !== id);
  await renumberKept(
    record,
    'treatment',
    rest,
    denseOrder(
      rest.map((t) => ({ key: t.id, order: t.order })),
      [],
    ),
    (id, order) => repo.updateTreatment(id, { order }),
  );
}

/** Deletes a treatment (and its drugs); the following treatments move up. */
export async function deleteTreatment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<Written<Treatment[]>> {
  const patientId = await createTreatmentsRepository(ctx.db).patientOfTreatment(id);
  if (!patientId) {
    throw notFound();
  }
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch, capabilities: ['clinical'] },
    (write) => deleteTreatmentIn(write, id),
  );
  return { data: await allTreatments(ctx, actor, patientId), version };
}

/** Deletes a drug of the patient within a write already open; the following drugs of its treatment move up. */
export async function deleteDrugIn({ tx, head, record }: PatientWrite, id: string): Promise<void> {
  const repo = createTreatmentsRepository(tx);
  const owner = await repo.ownerOfDrug(id);
  if (!owner || owner.patientId !== head.id) {
    throw notFound();
  }
  const existing = await repo.listDrugs([owner.treatmentId]);
  const target = existing.find((d) => d.id === id);
  if (!target) {
    throw notFound();
  }
  await repo.deleteDrug(id);
  const { id: _id, treatmentId, ...before } = target;
  record({
    action: 'drug.delete',
    entityType: 'drug',
    entityId: id,
    changes: removed({ treatmentId, ...before }),
  });
  await saveDrugs(
    { tx, record },
    owner.treatmentId,
    existing.filter((d) => d.id !== id),
    [],
  );
}

/** Deletes a drug; the following drugs of its treatment move up. */
export async function deleteDrug(
  ctx: AppContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<Written<Treatment[]>> {
  const owner = await createTreatmentsRepository(ctx.db).ownerOfDrug(id);
  if (!owner) {
    throw notFound();
  }
  const { version } = await writePatient(
    ctx,
    actor,
    owner.patientId,
    { ifMatch, capabilities: ['clinical'] },
    (write) => deleteDrugIn(write, id),
  );
  return { data: await allTreatments(ctx, actor, owner.patientId), version };
}
