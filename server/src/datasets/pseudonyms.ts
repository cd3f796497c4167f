import { createHmac, createSecretKey } from 'node:crypto';
import type { Config } from '../config.ts';
import { serverKey } from '../server-keys.ts';

/**
 * The pseudonyms of a de-identified dataset (CONTRACT §15, docs/product-rules.md#datasets): each is
 * drawn from HMAC-SHA256 keyed by the server's dataset key over the study key and a record's id, so the
 * same study key gives the same patient ids, centre numbers and date shifts in every dataset, another
 * study key others, and nobody without the server's key can link a pseudonym to a record or two study
 * keys' pseudonyms to each other (docs/decisions/020-analysis-datasets.md).
 */

/** The server's dataset key: DATASET_KEY, else its own in DATA_DIR/dataset.key. */
export function datasetKeyOf(config: Pick<Config, 'datasetKey' | 'dataDir'>): Buffer {
  return serverKey(config.datasetKey, 'DATASET_KEY', config.dataDir, 'dataset.key');
}

/** The widest date shift, in days either way. */
export const MAX_SHIFT_DAYS = 180;

/** What a keyed hash is drawn for: a patient (its id and shift) or a centre (its order). */
type Kind = 'patient' | 'centre' | 'study';

/**
 * The study's pseudonyms under a key. The message is the kind, the study key and the id, each ended by
 * a NUL, which neither a study key (a storable text) nor an id may hold, so no two inputs share one.
 */
export interface Pseudonyms {
  /** The study key's own hash: what the centres' numbers are kept under (`dataset_centres`). */
  readonly study: string;
  /** A patient's `pid`: the first 16 hex digits of the keyed hash. */
  pid(patientId: string): string;
  /** A patient's date shift, in [−180, +180] days, from the next bytes of the same hash. */
  shift(patientId: string): number;
  /** A centre's rank: its centres are numbered in the order of these. */
  centreRank(institutionId: string): string;
}

/** How many patients' hashes a study's pseudonyms keep: a few batches' worth, whatever the dataset's size. */
const KEPT_PATIENTS = 4096;

export function pseudonymsOf(key: Buffer, studyKey: string): Pseudonyms {
  const secret = createSecretKey(key);
  const digest = (kind: Kind, id: string) =>
    createHmac('sha256', secret).update(`${kind}\u0000${studyKey}\u0000${id}\u0000`, 'utf8').digest();
  // A build asks for a patient's pseudonyms for its row, each of its records and markers and each date:
  // those of the patients of the last few batches are kept, so that each hash is drawn once.
  const patients = new Map<string, { pid: string; shift: number }>();
  const patientOf = (patientId: string) => {
    let found = patients.get(patientId);
    if (!found) {
      if (patients.size >= KEPT_PATIENTS) {
        patients.clear();
      }
      const hash = digest('patient', patientId);
      // 2^32 values over 361 shifts: the first 330 shifts are a 2^-23 part likelier than the rest.
      found = {
        pid: hash.toString('hex', 0, 8),
        shift: (hash.readUInt32BE(8) % (2 * MAX_SHIFT_DAYS + 1)) - MAX_SHIFT_DAYS,
      };
      patients.set(patientId, found);
    }
    return found;
  };
  return {
    study: digest('study', '').toString('hex'),
    pid: (patientId) => patientOf(patientId).pid,
    shift: (patientId) => patientOf(patientId).shift,
    centreRank: (institutionId) => digest('centre', institutionId).toString('hex'),
  };
}

/** A centre's name in a dataset: `C01`, `C02`, …, with two digits at least. */
export const centreName = (number: number): string => `C${String(number).padStart(2, '0')}`;
