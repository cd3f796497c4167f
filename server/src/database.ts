import {
  type AfterMigrations,
  type DatabaseHandle,
  type DatabaseLocation,
  openDatabase,
} from './db/client.ts';
import { installIdentificationKey } from './patients/identification-key.ts';
import { installReadModel } from './patients/read-model/index.ts';

/**
 * What the registry's database gets after its migrations: the objects the code builds in it — the key
 * identifications are compared by (`patients/identification-key.ts`) and the patients' read model
 * (`patients/read-model`).
 */
export const afterRegistryMigrations: AfterMigrations = async (db) => {
  await installIdentificationKey(db);
  await installReadModel(db);
};

/** The registry's database: the kernel's connection (`db/client.ts`) with `afterRegistryMigrations`. */
export function openRegistryDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  return openDatabase(location, afterRegistryMigrations);
}
