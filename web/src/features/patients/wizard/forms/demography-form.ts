import {
  createPatientSchema,
  type DemographyInput,
  demographyFormSchema,
  type Patient,
  type Sex,
} from '@registry/shared';
import { z } from 'zod';
import { formatIsoDate, isoDateFromTyped } from '../../../../lib/dates.ts';
import { textOrNull, wireResolver } from './form-resolver.ts';

/** The demography step's fields. A biobank's birthDate is typed text ('dd/MM/yyyy' or 'yyyy'). */
export interface DemographyValues {
  identification: string;
  birthDate: string | null;
  gender: Sex | null;
  ecog: string | null;
  app: string;
}

/** identification and demography flat, as the form holds them. */
export type DemographyWire = { identification: string } & DemographyInput;

export function demographyValues(patient: Patient | undefined, biobank: boolean): DemographyValues {
  const demography = patient?.demography;
  const birthDate = demography?.birthDate ?? null;
  return {
    identification: patient?.identification ?? '',
    birthDate: biobank ? formatIsoDate(birthDate) : birthDate,
    gender: demography?.gender ?? null,
    ecog: demography?.ecog === null || demography?.ecog === undefined ? null : String(demography.ecog),
    app: demography?.app ?? '',
  };
}

/** A biobank's typed birth date: a whole dd/MM/yyyy day as yyyy-MM-dd, other text (a bare year) as typed. */
function typedBirthDate(text: string | null): string | null {
  const typed = (text ?? '').trim();
  return textOrNull(isoDateFromTyped(typed) ?? typed);
}

export function demographyWire(values: DemographyValues, biobank: boolean): DemographyWire {
  return {
    identification: values.identification.trim(),
    birthDate: biobank ? typedBirthDate(values.birthDate) : values.birthDate,
    gender: values.gender as Sex,
    ecog: values.ecog === null ? null : Number(values.ecog),
    app: textOrNull(values.app),
  };
}

/**
 * docs/product-rules.md#validation: identification required; birthDate a required date, except in a biobank;
 * gender required.
 */
export const demographyResolver = (biobank: boolean) =>
  wireResolver<DemographyValues>(
    z.object({
      identification: createPatientSchema.shape.identification,
      ...demographyFormSchema(biobank).shape,
    }),
    (values) => demographyWire(values, biobank),
  );
