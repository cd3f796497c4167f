import { BIOBANK, LAB_REPORT_NAMES, NGS_OP, OTHER_PREFIX } from './enums.ts';
import type { PatientOrderBy } from './patients.ts';

/**
 * Who may see and do what with a patient: the rules the server enforces and the web app mirrors, in
 * one place (docs/product-rules.md, "Roles" and "Biobanks"). Nothing here reads a database; callers pass
 * what they know of the user and the patient.
 */

/** What the rules need to know of a user. */
export interface PolicyUser {
  readonly isAdmin: boolean;
  /** Whether the user is a doctor (has a doctor record); admins are not doctors. */
  readonly isDoctor: boolean;
}

/** Whether an institution type follows the biobank rules. */
export function isBiobank(institutionType: string | null | undefined): boolean {
  return institutionType === BIOBANK;
}

/**
 * What a write to a patient touches: `clinical` is every record a doctor keeps (admins are read-only
 * there); `codeOP` and `ngsOp` are the admin's; `labReports` are the doctor's lab-report entries, which
 * biobank doctors do not save.
 */
export type PatientCapability = 'clinical' | 'codeOP' | 'ngsOp' | 'labReports';

/** Whether a user may make a kind of write to a patient they see, in an institution of that type. */
export function mayWrite(user: PolicyUser, capability: PatientCapability, biobank: boolean): boolean {
  const doctor = user.isDoctor && !user.isAdmin;
  switch (capability) {
    case 'codeOP':
    case 'ngsOp':
      return user.isAdmin;
    case 'labReports':
      return doctor && !biobank;
    case 'clinical':
      return doctor;
  }
}

/** Why treatments and lab reports are refused for a patient, or null when they are allowed. */
export type ConsentRefusal = 'CONSENT_REQUIRED' | 'SUBTYPE_OTHER';

/**
 * The consent gate: outside a biobank, treatments and lab reports need a first diagnostic with consent
 * whose subtype is not a free-text Other.
 */
export function consentRefusal(
  firstDiagnostic: { readonly consent: boolean; readonly dxSubType: string | null } | null | undefined,
  biobank: boolean,
): ConsentRefusal | null {
  if (biobank) {
    return null;
  }
  if (!firstDiagnostic?.consent) {
    return 'CONSENT_REQUIRED';
  }
  if (firstDiagnostic.dxSubType?.startsWith(OTHER_PREFIX)) {
    return 'SUBTYPE_OTHER';
  }
  return null;
}

/** Whether a user sees the admin-only fields: Code OP, the NGS OP column and the NGS OP lab-report entry. */
export function seesAdminFields(user: Pick<PolicyUser, 'isAdmin'>): boolean {
  return user.isAdmin;
}

/** Fields of a patient that exist only in admins' answers. */
export const ADMIN_ONLY_PATIENT_FIELDS = ['codeOP'] as const;

/** Whether a user sees a lab-report entry of this name. */
export function seesLabReport(user: Pick<PolicyUser, 'isAdmin'>, name: string): boolean {
  return seesAdminFields(user) || canonicalLabReportName(name) !== NGS_OP;
}

/** The fixed lab-report entries a user sees, in the form's order: five for doctors, six for admins. */
export function fixedLabReportNames(user: Pick<PolicyUser, 'isAdmin'>): string[] {
  return [...LAB_REPORT_NAMES, ...(seesAdminFields(user) ? [NGS_OP] : [])];
}

const CANONICAL_NAMES = new Map([...LAB_REPORT_NAMES, NGS_OP].map((name) => [name.toLowerCase(), name]));

/** A fixed entry's name in its one spelling, so that 'ngs op' is the admins' NGS OP entry too. */
export function canonicalLabReportName(name: string): string {
  return CANONICAL_NAMES.get(name.trim().toLowerCase()) ?? name;
}

/** A sort of the patient list. */
export interface PatientSort {
  readonly orderBy: PatientOrderBy;
  readonly order: 'asc' | 'desc';
}

/** The list's default sort: admins by Code OP (patients without one last), doctors newest first. */
export function defaultPatientSort(user: Pick<PolicyUser, 'isAdmin'>): PatientSort {
  return seesAdminFields(user)
    ? { orderBy: 'codeOP', order: 'desc' }
    : { orderBy: 'createdAt', order: 'desc' };
}

/** The sort a user gets for what they asked: a doctor cannot sort by a code they do not see. */
export function patientSortFor(
  user: Pick<PolicyUser, 'isAdmin'>,
  asked: { readonly orderBy?: PatientOrderBy | undefined; readonly order?: 'asc' | 'desc' | undefined },
): PatientSort {
  const fallback = defaultPatientSort(user);
  const orderBy = seesAdminFields(user) ? (asked.orderBy ?? fallback.orderBy) : fallback.orderBy;
  return { orderBy, order: asked.order ?? fallback.order };
}
