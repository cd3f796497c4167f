import { COX_COVARIATES, ENDPOINTS, GROUP_BY, INCIDENCE_ORIGINS } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { maintain, onOneConnection } from '../../db/one-connection.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, createPatient, newAdmin, newDoctor } from '../../test/patients.ts';

/**
 * Every outcomes call over the whole registry, or over a doctor's patients, reads its cohort from the
 * outcomes index alone (`patient_list_outcomes_idx`, db/schema.ts), never from the read model's wide
 * rows (docs/performance.md): each statement it sends over the read model, planned with every other
 * kind of scan discouraged (a table this small would otherwise be read whole), scans that index and only
 * that index, without visiting the table. A column an outcomes call comes to read that the index lacks
 * fails here.
 */

const INDEX = 'patient_list_outcomes_idx';

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly Plans?: readonly PlanNode[];
}

/** The scans of the read model in a plan. */
function scansOfReadModel(node: PlanNode): PlanNode[] {
  const own = node['Relation Name'] === 'patient_list' ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOfReadModel)];
}

/**
 * The plan of a statement as the app sent it, with every scan but an index-only one discouraged: the
 * table vacuumed first, so that its pages are known to be visible and an index-only scan costs less than
 * a scan that visits them; then neither a whole scan nor a bitmap of matches left to the planner.
 */
async function planOf(db: Database, text: string, params: unknown[]): Promise<PlanNode> {
  await maintain(db, 'vacuum patient_list');
  const [row] = await onOneConnection(db, 'write', async (session) => {
    await session.rows('set local enable_seqscan = off');
    await session.rows('set local enable_bitmapscan = off');
    return session.rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`, params);
  });
  if (!row) {
    throw new Error('no plan');
  }
  return row['QUERY PLAN'][0].Plan;
}

describe('the outcomes read the read model from their index alone', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let listening = false;
  let heard: { text: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase({
      logQuery: (text, params) => {
        if (listening) {
          heard.push({ text, params });
        }
      },
    });
    t = await buildTestApp({}, { database });
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    await createPatient(t, doctor);
  });
  afterAll(() => t.close());

  /** The statements over the read model that a call sends, after checking its answer. */
  async function statementsOf(caller: Caller, url: string): Promise<{ text: string; params: unknown[] }[]> {
    heard = [];
    listening = true;
    const response = await t.request({ method: 'GET', url, token: caller.token });
    listening = false;
    // A Cox model of one patient without events is not fitted (422), after its cohort was read.
    expect(response.statusCode, `${url}: ${response.body}`).toBe(url.includes('/cox?') ? 422 : 200);
    return heard.filter((statement) => /\bpatient_list\b/.test(statement.text));
  }

  const calls = [
    ...ENDPOINTS.map((endpoint) => `/api/outcomes/survival?endpoint=${endpoint}&groupBy=none`),
    ...GROUP_BY.map((groupBy) => `/api/outcomes/survival?endpoint=os&groupBy=${groupBy}`),
    '/api/outcomes/survival?endpoint=rfsCR&groupBy=transplant&landmark=180',
    ...INCIDENCE_ORIGINS.map((from) => `/api/outcomes/relapse-incidence?from=${from}&groupBy=eln2022`),
    ...GROUP_BY.map((groupBy) => `/api/outcomes/response?groupBy=${groupBy}`),
    ...GROUP_BY.map((groupBy) => `/api/outcomes/early-death?groupBy=${groupBy}`),
    `/api/outcomes/cox?endpoint=os&groupBy=eln2022&adjust=${COX_COVARIATES.join(',')}`,
    '/api/outcomes/cox?endpoint=efs&groupBy=scheme&adjust=patientFit,gender',
    '/api/outcomes/summary',
  ];

  it.each(calls)('%s', async (url) => {
    const callers = url.includes('groupBy=institution') ? [admin] : [admin, doctor];
    for (const caller of callers) {
      const statements = await statementsOf(caller, url);
      expect(statements.length, url).toBeGreaterThan(0);
      for (const { text, params } of statements) {
        const scans = scansOfReadModel(await planOf(t.ctx.db, text, params));
        expect(scans.length, text).toBeGreaterThan(0);
        for (const scan of scans) {
          expect({ type: scan['Node Type'], index: scan['Index Name'] }, text).toEqual({
            type: 'Index Only Scan',
            index: INDEX,
          });
        }
      }
    }
  });
});
