import { type Course, type CourseTreatment, type Diagnostic, type Eln2022, type GeneticMarker, type Genetics, type QualityInput, type Sex } from '@registry/shared';
import type { Queryable } from '../../db/client.ts';
/**
 * What the code derives from a patient's records, for the read model to keep beside them: rules of
 * TypeScript that SQL does not hold (docs/decisions/014). The write frame derives it for the patients
 * it wrote, from their stored records, and hands it to the projection's function in the same
 * transaction; the patient file derives it again as it reads the records.
 */
/**
 * The revision of what `derive` computes: part of the projection's digest, so that a change of the
 * classification or of the karyotype's reading rebuilds every row of the list as the server starts.
 * Change it with the code of either.
 */
export declare const DERIVED_REVISION = "ELN 2022 \u00B7 ELN 2022 \u00B7 CONTRACT \u00A711 \u00B7 1 \u00B7 quality 1";
/** A diagnostic's genetics with the karyotype read by this version of the reader. */
export declare function currentGenetics(genetics: Genetics | null | undefined): Genetics | null;
/** The ELN 2022 genetic risk of a patient: that of the first diagnostic (CONTRACT §10). */
export declare function eln2022Of(diagnostics: readonly Pick<Diagnostic, 'dxSubType' | 'genetics'>[]): Eln2022;
/** What the list's row keeps of a patient's derived facts. */
export interface Derived {
    readonly eln2022: Eln2022['category'];
    readonly eln2022Detail: {
        readonly reasons: readonly string[];
        readonly missing: readonly string[];
    };
    /** Each marker as the classification reads it: entered, or implied by the karyotype. */
    readonly geneticMarkers: Partial<Record<GeneticMarker, {
        result: string;
        vaf: number | null;
    }>> | null;
    readonly karyotype: string | null;
    readonly karyotypeResult: string | null;
    /** The ELN 2022 inputs the patient has, one bit each (`elnInputBit`): what the coordinator's view counts. */
    readonly elnInputs: number;
    /** The first line's assessment date (its own, else its medulogram's): the response's date. */
    readonly firstResponseDate: string | null;
    readonly firstCrDate: string | null;
    readonly firstCrCategory: string | null;
    readonly crUndated: boolean;
    readonly mrdNegativeInCr: boolean | null;
    readonly inductionFailure: boolean | null;
    readonly transplantType: string | null;
    readonly transplantDate: string | null;
    readonly transplantInCr1: boolean | null;
    readonly course: Course;
}
/** The records a patient's facts are derived from, as the patient file holds them. */
export interface DerivationInput {
    readonly diagnostics: readonly Pick<Diagnostic, 'dxSubType' | 'genetics' | 'dxDate' | 'relapse' | 'relapseDate'>[];
    readonly treatments: readonly CourseTreatment[];
}
/** The course of a patient from its records (CONTRACT §11). */
export declare function courseOfRecords({ diagnostics, treatments }: DerivationInput): Course;
/** The facts of one patient, from its records as the patient file holds them. */
export declare function derive(records: DerivationInput): Derived;
/** The category of a patient without a diagnostic: the projection's default. */
export declare const NO_DIAGNOSTIC_ELN: "not_applicable" | "favorable" | "intermediate" | "adverse" | "insufficient";
/** The patient's own fields the quality rules read beside its records. */
export interface PatientFacts {
    readonly birthDate: string | null;
    readonly gender: Sex | null;
    readonly hasDemography: boolean;
    readonly deathDate: string | null;
    readonly deathCause: string | null;
    readonly lastContactDate: string | null;
    readonly riskLevel: QualityInput['riskLevel'];
    /** The day the patient was registered (`yyyy-MM-dd`, UTC). */
    readonly registeredOn: string;
}
/** What the read model keeps of the data-quality rules (CONTRACT §13) for one patient. */
export interface QualityDerived {
    /** The document's rules that fire: not the duplicate, nor the follow-up, which the row keeps apart. */
    readonly qualityRules: readonly string[];
    readonly qualityErrors: number;
    readonly qualityWarnings: number;
    readonly qualityOverdueFrom: string | null;
}
/** The rules' input: a patient's records as the patient file holds them, and its own fields. */
export declare function qualityInputOf(records: DerivationInput & Pick<QualityInput, 'samples' | 'reports'>, facts: PatientFacts, eln2022: QualityInput['eln2022']): QualityInput;
/** The quality the read model keeps for a patient: the document's findings, and when its follow-up falls due. */
export declare function qualityOfRecords(records: DerivationInput & Pick<QualityInput, 'samples' | 'reports'>, facts: PatientFacts): QualityDerived;
/** The derived facts of some patients, by id, from their stored records and their own fields. */
export declare function derivedOf(db: Queryable, ids: readonly string[]): Promise<Record<string, Derived & QualityDerived>>;
