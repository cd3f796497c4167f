import { type Patient, type SampleFormInput, type SampleType, sampleFormSchema } from '@registry/shared';
import { checkUploadFile } from '../../../../lib/file-check.ts';
import { wireResolver } from './form-resolver.ts';

/**
 * The samples step: the patient's first sample (docs/product-rules.md#wizard) and a file to upload with it.
 */
export interface SampleValues {
  sampleDate: string | null;
  sampleType: SampleType | null;
  /** A JPG or PDF chosen now; uploaded when the step is saved. */
  upload: File | null;
}

export function sampleValues(patient: Patient): SampleValues {
  const sample = patient.samples[0];
  return { sampleDate: sample?.sampleDate ?? null, sampleType: sample?.sampleType ?? null, upload: null };
}

export function sampleWire(values: SampleValues): Omit<SampleFormInput, 'fileId'> {
  return { sampleDate: values.sampleDate as string, sampleType: values.sampleType as SampleType };
}

/** The file passes the same check as on the server before it is sent (JPG or PDF, at most 1 MB). */
export async function uploadIssues(path: string, file: File | null): Promise<Record<string, string>> {
  const problem = file ? await checkUploadFile(file) : null;
  return problem ? { [path]: problem } : {};
}

/** docs/product-rules.md#validation: sampleDate 'must choose a date', sampleType 'must choose an option'. */
export const sampleResolver = wireResolver<SampleValues>(sampleFormSchema, sampleWire, (values) =>
  uploadIssues('upload', values.upload),
);
