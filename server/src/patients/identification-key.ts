import { createHash } from 'node:crypto';
import { IDENTIFICATION_KEY_TRANSLATION } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sqlLiteral } from '../db/sql-text.ts';
import { rowsOf } from '../db/statements.ts';

/**
 * The database's side of when two identifications are the same (`identificationKey` in
 * `shared/src/identification.ts`): `registry_identification_key()` keeps the same fold — NFKC, every
 * dash as `-`, no white space, lower case — generated from the shared translation, so that the rule
 * is written once. The trigger of migration 0014 sets `patients.identification_key` from it on every
 * write, whoever writes, and the unique index over (institution, key) refuses a look-alike.
 */
const SIGNATURE = 'registry_identification_key(text)';

export const IDENTIFICATION_KEY_SQL = `create or replace function registry_identification_key(identification text)
  returns text language sql immutable parallel safe
as $$ select lower(translate(normalize(identification, NFKC), ${sqlLiteral(IDENTIFICATION_KEY_TRANSLATION.from)}, ${sqlLiteral(IDENTIFICATION_KEY_TRANSLATION.to)})) $$`;

/** The function's version, kept as its comment. */
export const IDENTIFICATION_KEY_DIGEST = createHash('sha256')
  .update(IDENTIFICATION_KEY_SQL)
  .digest('hex')
  .slice(0, 16);

/**
 * Every patient's key under the function, ranked within its institution: the first registered of
 * patients whose identifications are now the same keeps the key, the later ones get none.
 */
const RANKED = sql`select id, identification_key as "current",
    case when row_number() over (partition by institution_id, registry_identification_key(identification)
      order by created_at, id) = 1 then registry_identification_key(identification) end as "target",
    first_value(id) over (partition by institution_id, registry_identification_key(identification)
      order by created_at, id) as "firstId"
  from patients`;

/**
 * Installs the key's function when the database holds another version of it (or none) and keys every
 * patient again, in one transaction. Patients registered before whose identifications now look alike
 * are not merged (docs/product-rules.md#records): the first registered keeps the key, each later one
 * keeps its identification as typed without a key, and is reported in the audit trail
 * (`patient.identificationCollision`) for the institution to decide; so the new index is never broken
 * and a start never fails on them. Answers whether it installed.
 */
export async function installIdentificationKey(db: Database): Promise<boolean> {
  const [installed] = rowsOf<{ digest: string | null }>(
    await db.execute(sql`select obj_description(to_regprocedure(${SIGNATURE}), 'pg_proc') as "digest"`),
  );
  if (installed?.digest === IDENTIFICATION_KEY_DIGEST) {
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(IDENTIFICATION_KEY_SQL));
    // Keys that change are let go first, so that no row meets another's old key on the way.
    await tx.execute(sql`with ranked as (${RANKED}),
      reported as (
        insert into audit_events (action, outcome, entity_type, entity_id, patient_id, changes)
        select 'patient.identificationCollision', 'ok', 'patient', r.id::text, r.id,
          jsonb_build_object('collidesWith', jsonb_build_object('old', null, 'new', r."firstId"::text))
        from ranked r where r."target" is null and r."current" is not null
      )
      update patients p set identification_key = null
      from ranked r where r.id = p.id and r."current" is distinct from r."target" and r."current" is not null`);
    await tx.execute(sql`with ranked as (${RANKED})
      update patients p set identification_key = r."target"
      from ranked r where r.id = p.id and p.identification_key is null and r."target" is not null`);
    await tx.execute(sql.raw(`comment on function ${SIGNATURE} is ${sqlLiteral(IDENTIFICATION_KEY_DIGEST)}`));
  });
  return true;
}
