import { type AfterMigrations, type DatabaseHandle, type DatabaseLocation } from './db/client.ts';
/**
 * What the registry's database gets after its migrations: the objects the code builds in it — the
 * patients' read model (`patients/read-model`).
 */
export declare const afterRegistryMigrations: AfterMigrations;
/** The registry's database: the kernel's connection (`db/client.ts`) with `afterRegistryMigrations`. */
export declare function openRegistryDatabase(location: DatabaseLocation): Promise<DatabaseHandle>;
