import { randomUUID } from 'node:crypto';
import { es } from '@registry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, doctors, patients, sessions, users } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const NEW_PASSWORD = 'Alta-clave5';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface UserRow {
  id: string;
  email: string;
  nickname: string;
  createdAt: string;
  isAdmin: boolean;
  isActive: boolean;
  doctor: {
    first_name: string;
    last_name: string;
    gender: string;
    institution: { id: string; name: string; type: string };
    patientsQty: number;
  } | null;
}

describe('users administration: /api/users and /api/doctors', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await insertUser(t.ctx.db, { isAdmin: true, nickname: 'root-admin' });
    adminToken = await t.signIn(admin.email);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}, token = adminToken) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return t.request({ method: 'GET', url: `/api/users/list?${search}`, token });
  };

  async function listRows(query: Record<string, string | number>): Promise<UserRow[]> {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  const createAdmin = (payload: object, token = adminToken) =>
    t.request({ method: 'POST', url: '/api/users', payload, token });
  const createDoctor = (payload: object, token = adminToken) =>
    t.request({ method: 'POST', url: '/api/doctors', payload, token });
  const patchUser = (id: string, payload: object, token = adminToken) =>
    t.request({ method: 'PATCH', url: `/api/users/${id}`, payload, token });

  /** A doctor with the given names, straight into the database. */
  async function insertDoctor(values: {
    institutionId: string;
    firstName: string;
    lastName: string;
    email?: string;
    nickname?: string;
  }) {
    const user = await insertUser(t.ctx.db, { email: values.email, nickname: values.nickname });
    const [doctor] = await t.ctx.db
      .insert(doctors)
      .values({
        userId: user.id,
        institutionId: values.institutionId,
        firstName: values.firstName,
        lastName: values.lastName,
        gender: 'male',
      })
      .returning();
    if (!doctor) {
      throw new Error('no doctor inserted');
    }
    return { user, doctor };
  }

  describe('GET /api/users/list', () => {
    it('answers rows of the contract shape, for admins and doctors, and never a password hash', async () => {
      const institution = await insertInstitution(t.ctx.db, { name: 'Instituto Forma', type: 'Laboratorio' });
      const { user } = await insertDoctor({
        institutionId: institution.id,
        firstName: 'Forma',
        lastName: 'Doctor',
        nickname: 'shape-doctor',
      });
      const res = await list({ filter: 'shape-doctor' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['currentPage', 'data', 'totalItems', 'totalPages']);
      expect(body.data).toEqual([
        {
          id: user.id,
          email: user.email,
          nickname: 'shape-doctor',
          createdAt: user.createdAt.toISOString(),
          isAdmin: false,
          isActive: true,
          mfaEnabled: false,
          doctor: {
            id: expect.stringMatching(UUID),
            first_name: 'Forma',
            last_name: 'Doctor',
            gender: 'male',
            institution: { id: institution.id, name: 'Instituto Forma', type: 'Laboratorio' },
            patientsQty: 0,
          },
        },
      ]);

      const adminRows = await listRows({ filter: 'root-admin' });
      expect(adminRows).toEqual([
        {
          id: admin.id,
          email: admin.email,
          nickname: 'root-admin',
          createdAt: admin.createdAt.toISOString(),
          isAdmin: true,
          isActive: true,
          mfaEnabled: false,
          doctor: null,
        },
      ]);

      const everything = await list({ size: 1000 });
      expect(everything.body).not.toMatch(/password/i);
      expect(everything.body).not.toContain(admin.passwordHash);
      expect(everything.body).not.toContain('$argon2');
    });

    describe('paging', () => {
      const MARKER = 'zpager';
      let ids: string[];

      beforeAll(async () => {
        ids = [];
        for (let i = 0; i < 23; i++) {
          ids.push((await insertUser(t.ctx.db, { nickname: `${MARKER}-${i}` })).id);
        }
      });

      it('answers page 0 with 10 rows by default, with totalPages and totalItems', async () => {
        const res = await list({ filter: MARKER });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.data).toHaveLength(10);
        expect(body).toMatchObject({ currentPage: 0, totalPages: 3, totalItems: 23 });
      });

      it('walks through every row once, page by page', async () => {
        const seen: string[] = [];
        for (let page = 0; page < 3; page++) {
          const res = await list({ filter: MARKER, page });
          expect(res.json()).toMatchObject({ currentPage: page, totalPages: 3, totalItems: 23 });
          seen.push(...res.json().data.map((row: UserRow) => row.id));
        }
        expect(seen).toHaveLength(23);
        expect([...seen].sort()).toEqual([...ids].sort());
      });

      it('answers the last, partial page and an empty page past the end', async () => {
        expect((await list({ filter: MARKER, page: 2 })).json().data).toHaveLength(3);
        const past = await list({ filter: MARKER, page: 3 });
        expect(past.statusCode).toBe(200);
        expect(past.json()).toEqual({ data: [], currentPage: 3, totalPages: 3, totalItems: 23 });
      });

      it('takes another size, up to 1000', async () => {
        const five = await list({ filter: MARKER, size: 5, page: 4 });
        expect(five.json()).toMatchObject({ currentPage: 4, totalPages: 5, totalItems: 23 });
        expect(five.json().data).toHaveLength(3);
        const all = await list({ filter: MARKER, size: 1000 });
        expect(all.json()).toMatchObject({ currentPage: 0, totalPages: 1, totalItems: 23 });
        expect(all.json().data).toHaveLength(23);
      });

      it.each([
        ['size=1001', { size: 1001 }, 'size'],
        ['size=0', { size: 0 }, 'size'],
        ['page=-1', { page: -1 }, 'page'],
        ['page=abc', { page: 'abc' }, 'page'],
        ['order=up', { order: 'up' }, 'order'],
        ['orderBy=password', { orderBy: 'password' }, 'orderBy'],
        ['an unknown parameter', { sort: 'email' }, 'sort'],
      ])('refuses %s with 400 VALIDATION_FAILED naming the parameter', async (_, query, field) => {
        const res = await list(query);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.json().fields)).toEqual([field]);
      });

      it('answers an empty page with 0 pages when nothing matches', async () => {
        const res = await list({ filter: 'nothing-matches-this' });
        expect(res.json()).toEqual({ data: [], currentPage: 0, totalPages: 0, totalItems: 0 });
      });
    });

    describe('filter', () => {
      let target: string;

      beforeAll(async () => {
        const institution = await insertInstitution(t.ctx.db, { name: 'Clínica Señorial Ñandú' });
        ({
          user: { id: target },
        } = await insertDoctor({
          institutionId: institution.id,
          firstName: 'Josefína',
          lastName: 'Pérez Muñoz',
          email: 'JP.Filtro@Example.org',
          nickname: 'Dra-Filtrada',
        }));
      });

      it.each([
        ['last name, without accents', 'perez'],
        ['last name, in capitals with accents', 'PÉREZ'],
        ['last name, ñ as n', 'munoz'],
        ['first name', 'josefina'],
        ['email, in another case', 'jp.filtro@example'],
        ['nickname', 'dra-filtrada'],
        ['institution name', 'clinica senorial'],
        ['institution name with ñ', 'ÑANDÚ'],
        ['text with spaces around it', '  perez  '],
      ])('matches the %s (%j)', async (_, filter) => {
        const rows = await listRows({ filter });
        expect(rows.map((row) => row.id)).toEqual([target]);
      });

      it("matches '%' and '_' literally, not as wildcards", async () => {
        const percent = await insertUser(t.ctx.db, { nickname: 'cien%real' });
        await insertUser(t.ctx.db, { nickname: 'cienXreal' });
        const underscore = await insertUser(t.ctx.db, { nickname: 'bajo_guion' });
        await insertUser(t.ctx.db, { nickname: 'bajoYguion' });

        expect((await listRows({ filter: '%' })).map((row) => row.id)).toEqual([percent.id]);
        expect((await listRows({ filter: 'cien%real' })).map((row) => row.id)).toEqual([percent.id]);
        expect((await listRows({ filter: 'bajo_guion' })).map((row) => row.id)).toEqual([underscore.id]);
      });

      it('counts only the matching rows in totalItems', async () => {
        const res = await list({ filter: 'perez' });
        expect(res.json()).toMatchObject({ currentPage: 0, totalPages: 1, totalItems: 1 });
      });
    });

    describe('orderBy', () => {
      const MARKER = 'zorden';
      const people: Record<string, UserRow> = {};

      beforeAll(async () => {
        const alfa = await insertInstitution(t.ctx.db, { name: `Alfa ${MARKER}` });
        const beta = await insertInstitution(t.ctx.db, { name: `beta ${MARKER}` });
        const gamma = await insertInstitution(t.ctx.db, { name: `Gamma ${MARKER}` });
        const specs = [
          { key: 'u1', email: 'b', nickname: 'c', admin: false, active: true, institution: beta.id, at: 2 },
          { key: 'u2', email: 'a', nickname: 'D', admin: true, active: false, institution: undefined, at: 4 },
          { key: 'u3', email: 'D', nickname: 'a', admin: false, active: false, institution: alfa.id, at: 1 },
          { key: 'u4', email: 'c', nickname: 'B', admin: false, active: true, institution: gamma.id, at: 3 },
        ];
        for (const spec of specs) {
          const user = await insertUser(t.ctx.db, {
            email: `${MARKER}-${spec.email}@example.org`,
            nickname: `${MARKER}-${spec.nickname}`,
            isAdmin: spec.admin,
            isActive: spec.active,
            institutionId: spec.institution,
          });
          await t.ctx.db
            .update(users)
            .set({ createdAt: new Date(Date.UTC(2024, 0, spec.at)) })
            .where(eq(users.id, user.id));
        }
        for (const row of await listRows({ filter: MARKER, size: 100 })) {
          people[row.nickname.slice(MARKER.length + 1).toLowerCase()] = row;
        }
        expect(Object.keys(people).sort()).toEqual(['a', 'b', 'c', 'd']);
      });

      const idsOf = (nicknames: string) => [...nicknames].map((n) => people[n]?.id);

      // Expected orders, by nickname suffix (u1 = c, u2 = d, u3 = a, u4 = b).
      it.each([
        ['createdAt', 'asc', 'acbd'],
        ['createdAt', 'desc', 'dbca'],
        ['email', 'asc', 'dcba'],
        ['email', 'desc', 'abcd'],
        ['nickname', 'asc', 'abcd'],
        ['nickname', 'desc', 'dcba'],
      ])('sorts by %s %s, ignoring letter case', async (orderBy, order, expected) => {
        const rows = await listRows({ filter: MARKER, orderBy, order });
        expect(rows.map((row) => row.id)).toEqual(idsOf(expected));
      });

      it.each([
        ['isAdmin', 'asc'],
        ['isAdmin', 'desc'],
        ['isActive', 'asc'],
        ['isActive', 'desc'],
      ] as const)('sorts by %s %s', async (orderBy, order) => {
        const rows = await listRows({ filter: MARKER, orderBy, order });
        const values = rows.map((row) => Number(row[orderBy]));
        const sorted = [...values].sort((x, y) => (order === 'asc' ? x - y : y - x));
        expect(values).toEqual(sorted);
        expect(new Set(values)).toEqual(new Set([0, 1]));
        expect(rows).toHaveLength(4);
      });

      it.each([
        ['asc', 'abc'],
        ['desc', 'cba'],
      ])('sorts by institution %s, ignoring letter case', async (order, expected) => {
        const rows = await listRows({ filter: MARKER, orderBy: 'institution', order });
        expect(rows).toHaveLength(4);
        const withInstitution = rows.filter((row) => row.doctor).map((row) => row.id);
        // u3 Alfa = a, u1 beta = c, u4 Gamma = b.
        const byInstitution = { a: 'a', b: 'c', c: 'b' } as Record<string, string>;
        expect(withInstitution).toEqual([...expected].map((k) => people[byInstitution[k] ?? '']?.id));
      });

      it.each([
        ['asc', 'cab'],
        ['desc', 'bac'],
      ])("sorts by the doctor's first and last name %s, ignoring letter case", async (order, expected) => {
        // u1 = c, u3 = a, u4 = b are doctors; the admin u2 has no name and sorts apart.
        const names = { c: ['ana', 'Alba'], a: ['Ana', 'Zárate'], b: ['Bruno', 'Alba'] } as const;
        for (const [key, [firstName, lastName]] of Object.entries(names)) {
          await t.ctx.db
            .update(doctors)
            .set({ firstName, lastName })
            .where(eq(doctors.userId, people[key]?.id ?? ''));
        }
        const rows = await listRows({ filter: MARKER, orderBy: 'doctor', order });
        expect(rows).toHaveLength(4);
        expect(rows.filter((row) => row.doctor).map((row) => row.id)).toEqual(idsOf(expected));
      });

      it('sorts by createdAt, newest first, when no order is given', async () => {
        const rows = await listRows({ filter: MARKER });
        expect(rows.map((row) => row.id)).toEqual(idsOf('dbca'));
      });
    });

    it('counts the patients of each doctor, not of the institution', async () => {
      const institution = await insertInstitution(t.ctx.db);
      const busy = await insertDoctor({
        institutionId: institution.id,
        firstName: 'Muy',
        lastName: 'Ocupada',
      });
      const idle = await insertDoctor({
        institutionId: institution.id,
        firstName: 'Sin',
        lastName: 'Pacientes',
      });
      const colleague = await insertDoctor({
        institutionId: institution.id,
        firstName: 'Una',
        lastName: 'Colega',
      });
      for (const [doctor, count] of [
        [busy.doctor, 3],
        [colleague.doctor, 1],
      ] as const) {
        for (let i = 0; i < count; i++) {
          await t.ctx.db.insert(patients).values({
            institutionId: institution.id,
            doctorId: doctor.id,
            identification: `${doctor.lastName}-${i}`,
          });
        }
      }
      const rows = await listRows({ filter: institution.name });
      const qty = Object.fromEntries(rows.map((row) => [row.id, row.doctor?.patientsQty]));
      expect(qty).toEqual({ [busy.user.id]: 3, [idle.user.id]: 0, [colleague.user.id]: 1 });
    });
  });

  describe('POST /api/users (a new admin)', () => {
    it('creates an admin: 201 with the user, who can then sign in', async () => {
      const res = await createAdmin({
        nickname: 'nueva-admin',
        email: 'nueva.admin@example.org',
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          email: 'nueva.admin@example.org',
          nickname: 'nueva-admin',
          createdAt: expect.any(String),
          isAdmin: true,
          isActive: true,
          mfaEnabled: false,
          doctor: null,
        },
      });
      expect(res.body).not.toMatch(/password/i);
      expect(res.body).not.toContain(NEW_PASSWORD);

      const token = await t.signIn('nueva.admin@example.org', NEW_PASSWORD);
      expect((await t.me(token)).json().data.id).toBe(res.json().data.id);
      expect((await list({}, token)).statusCode).toBe(200);
    });

    it("records 'user.create' with the new values and no password", async () => {
      const res = await createAdmin({
        nickname: 'audited',
        email: 'audited@example.org',
        password: NEW_PASSWORD,
      });
      const id = res.json().data.id as string;
      const rows = await t.auditOf(id, 'user.create');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: admin.id,
        actorEmail: admin.email,
        outcome: 'ok',
        entityType: 'user',
        entityId: id,
        changes: {
          email: { old: null, new: 'audited@example.org' },
          nickname: { old: null, new: 'audited' },
          isAdmin: { old: null, new: true },
        },
      });
      const stored = await t.ctx.db.select().from(users).where(eq(users.id, id));
      const everything = JSON.stringify(await t.ctx.db.select().from(auditEvents));
      expect(everything).not.toContain(NEW_PASSWORD);
      expect(everything).not.toContain(stored[0]?.passwordHash);
    });

    it('stores the password hashed with argon2id, never as given', async () => {
      const res = await createAdmin({
        nickname: 'hashed',
        email: 'hashed@example.org',
        password: NEW_PASSWORD,
      });
      const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, res.json().data.id));
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored?.passwordHash).not.toContain(NEW_PASSWORD);
    });

    it('refuses an email already taken in another letter case with 409 EMAIL_EXISTS and fields.email', async () => {
      await insertUser(t.ctx.db, { email: 'Taken.Admin@example.org' });
      const res = await createAdmin({
        nickname: 'dup',
        email: 'taken.ADMIN@Example.org',
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: es.errors.EMAIL_EXISTS,
        code: 'EMAIL_EXISTS',
        fields: { email: es.errors.EMAIL_EXISTS },
        requestId: expect.any(String),
      });
    });

    it('creates only one of two admins with the same email sent at the same time', async () => {
      const payload = (email: string) => ({ nickname: 'twin', email, password: NEW_PASSWORD });
      const answers = await Promise.all([
        createAdmin(payload('twin@example.org')),
        createAdmin(payload('TWIN@example.org')),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const conflict = answers.find((res) => res.statusCode === 409);
      expect(conflict?.json().code).toBe('EMAIL_EXISTS');
      const [counted] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(sql`lower(${users.email})`, 'twin@example.org'));
      expect(counted?.n).toBe(1);
    });

    it('refuses a weak password with 400 and fields.password', async () => {
      const res = await createAdmin({ nickname: 'weak', email: 'weak@example.org', password: 'password' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { password: es.validation.passwordStrong },
      });
    });

    it('refuses missing fields with 400 naming each of them', async () => {
      const res = await createAdmin({});
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        nickname: es.validation.required,
        email: es.validation.emailRequired,
        password: es.validation.passwordRequired,
      });
    });

    it('refuses unknown fields with 400 and creates nothing', async () => {
      const res = await createAdmin({
        nickname: 'sneaky',
        email: 'sneaky@example.org',
        password: NEW_PASSWORD,
        isAdmin: false,
        isActive: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        isAdmin: es.validation.unknownField,
        isActive: es.validation.unknownField,
      });
      expect(await listRows({ filter: 'sneaky' })).toEqual([]);
    });
  });

  describe('POST /api/doctors', () => {
    let hospital: Awaited<ReturnType<typeof insertInstitution>>;

    beforeAll(async () => {
      hospital = await insertInstitution(t.ctx.db, { name: 'Hospital de Doctores', type: 'BioBanco' });
    });

    const doctorPayload = (email: string, institutionId = hospital.id) => ({
      user: { nickname: email.split('@')[0], email, password: NEW_PASSWORD },
      institutionId,
      first_name: 'Marta',
      last_name: 'Sánchez',
      gender: 'female',
    });

    it('creates a doctor: 201 with doctor.institution filled, who can then sign in', async () => {
      const res = await createDoctor(doctorPayload('marta@example.org'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          email: 'marta@example.org',
          nickname: 'marta',
          createdAt: expect.any(String),
          isAdmin: false,
          isActive: true,
          mfaEnabled: false,
          doctor: {
            id: expect.stringMatching(UUID),
            first_name: 'Marta',
            last_name: 'Sánchez',
            gender: 'female',
            institution: { id: hospital.id, name: 'Hospital de Doctores', type: 'BioBanco' },
            patientsQty: 0,
          },
        },
      });
      const token = await t.signIn('marta@example.org', NEW_PASSWORD);
      expect((await t.me(token)).json().data.doctor.institution.id).toBe(hospital.id);
    });

    it("records 'user.create' with the doctor's values", async () => {
      const res = await createDoctor(doctorPayload('audit.doctor@example.org'));
      const id = res.json().data.id as string;
      const [row] = await t.auditOf(id, 'user.create');
      expect(row?.changes).toEqual({
        email: { old: null, new: 'audit.doctor@example.org' },
        nickname: { old: null, new: 'audit.doctor' },
        isAdmin: { old: null, new: false },
        institutionId: { old: null, new: hospital.id },
        first_name: { old: null, new: 'Marta' },
        last_name: { old: null, new: 'Sánchez' },
        gender: { old: null, new: 'female' },
      });
      expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
    });

    it('refuses an inactive institution with 422 INSTITUTION_INACTIVE and creates nothing', async () => {
      const closed = await insertInstitution(t.ctx.db, { isActive: false });
      const res = await createDoctor(doctorPayload('closed.doctor@example.org', closed.id));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: es.errors.INSTITUTION_INACTIVE,
        code: 'INSTITUTION_INACTIVE',
        fields: { institutionId: es.errors.INSTITUTION_INACTIVE },
        requestId: expect.any(String),
      });
      expect(await listRows({ filter: 'closed.doctor' })).toEqual([]);
    });

    it('refuses an unknown institution with 422 and fields.institutionId, creating nothing', async () => {
      const res = await createDoctor(doctorPayload('lost.doctor@example.org', randomUUID()));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().fields)).toEqual(['institutionId']);
      expect(await listRows({ filter: 'lost.doctor' })).toEqual([]);
    });

    it('refuses an email already taken with 409 EMAIL_EXISTS', async () => {
      await createDoctor(doctorPayload('twice.doctor@example.org'));
      const res = await createDoctor(doctorPayload('Twice.Doctor@example.org'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_EXISTS', fields: { email: es.errors.EMAIL_EXISTS } });
    });

    it.each([
      ['first_name', es.validation.required],
      ['last_name', es.validation.required],
      ['gender', es.validation.chooseOption],
      ['institutionId', es.validation.chooseOption],
      ['user', es.validation.required],
      ['user.email', es.validation.emailRequired],
      ['user.nickname', es.validation.required],
      ['user.password', es.validation.passwordRequired],
    ])('refuses a doctor without %s with 400 and fields naming it', async (path, message) => {
      const payload = doctorPayload('missing@example.org') as Record<string, unknown>;
      const [head, tail] = path.split('.') as [string, string | undefined];
      if (tail) {
        delete (payload[head] as Record<string, unknown>)[tail];
      } else {
        delete payload[head];
      }
      const res = await createDoctor(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [path]: message } });
      expect(Object.keys(res.json().fields)).toEqual([path]);
    });

    it.each([
      ['a gender outside male/female', { gender: 'other' }, 'gender'],
      ['an institutionId that is not a UUID', { institutionId: '42' }, 'institutionId'],
      ['an empty first_name', { first_name: '   ' }, 'first_name'],
      ['an unknown field', { isAdmin: true }, 'isAdmin'],
    ])('refuses %s with 400', async (_, change, field) => {
      const res = await createDoctor({ ...doctorPayload('bad.doctor@example.org'), ...change });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    });
  });

  describe('PATCH /api/users/{id}', () => {
    it("deactivating ends the user's sessions at once; reactivating lets them sign in again", async () => {
      const institution = await insertInstitution(t.ctx.db);
      const doctor = await insertUser(t.ctx.db, { institutionId: institution.id });
      const first = await t.signIn(doctor.email);
      const second = await t.signIn(doctor.email);
      expect((await t.me(first)).statusCode).toBe(200);

      const off = await patchUser(doctor.id, { isActive: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: doctor.id, isActive: false });
      expect((await t.me(first)).statusCode).toBe(401);
      expect((await t.me(second)).statusCode).toBe(401);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, doctor.id))).toEqual([]);
      const refused = await t.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: doctor.email, password: TEST_PASSWORD },
      });
      // The right password of an inactive account answers as a wrong one (CONTRACT §7).
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_CREDENTIALS');
      expect((await listRows({ filter: doctor.email }))[0]?.isActive).toBe(false);

      const on = await patchUser(doctor.id, { isActive: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().data).toMatchObject({ id: doctor.id, isActive: true });
      // The old tokens stay dead; a new sign-in works.
      expect((await t.me(first)).statusCode).toBe(401);
      expect((await t.me(await t.signIn(doctor.email))).statusCode).toBe(200);
    });

    it("records 'user.update' with the old and new isActive", async () => {
      const user = await insertUser(t.ctx.db);
      await patchUser(user.id, { isActive: false });
      await patchUser(user.id, { isActive: true });
      const rows = await t.auditOf(user.id, 'user.update');
      expect(rows.map((row) => row.changes)).toEqual([
        { isActive: { old: true, new: false } },
        { isActive: { old: false, new: true } },
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ actorUserId: admin.id, outcome: 'ok', entityType: 'user' });
      }
    });

    it('refuses to let an admin deactivate themselves with 422 CANNOT_DEACTIVATE_SELF', async () => {
      const res = await patchUser(admin.id, { isActive: false });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: es.errors.CANNOT_DEACTIVATE_SELF,
        code: 'CANNOT_DEACTIVATE_SELF',
        requestId: expect.any(String),
      });
      expect((await t.me(adminToken)).statusCode).toBe(200);
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const res = await patchUser(randomUUID(), { isActive: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: es.errors.NOT_FOUND,
        code: 'NOT_FOUND',
        requestId: expect.any(String),
      });
    });

    it('answers 400 for an id that is not a UUID', async () => {
      const res = await patchUser('not-a-uuid', { isActive: false });
      expect(res.statusCode).toBe(400);
    });

    it.each([
      ['the email beside isActive', { isActive: false, email: 'new@example.org' }, 'email'],
      ['the admin flag', { isAdmin: true }, 'isAdmin'],
      ['no field at all', {}, '_'],
      ['isActive that is not a boolean', { isActive: 'no' }, 'isActive'],
    ])('refuses a body with %s with 400 and changes nothing', async (_, body, field) => {
      const user = await insertUser(t.ctx.db);
      const res = await patchUser(user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields).toHaveProperty([field]);
      const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(stored).toMatchObject({ isActive: true, isAdmin: false, email: user.email });
    });
  });
});
