import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/render.tsx';
import { policyUserOf } from './session.ts';

describe('the signed-in user for the shared patient policy', () => {
  it('is a doctor only with a doctor record', () => {
    expect(policyUserOf(TEST_ADMIN)).toEqual({ isAdmin: true, isDoctor: false });
    const doctor = {
      ...TEST_ADMIN,
      isAdmin: false,
      doctor: {
        id: 'd0000000-0000-4000-8000-000000000005',
        first_name: 'Ana',
        last_name: 'Paz',
        gender: 'female' as const,
        institution: {
          id: '00000000-0000-4000-8000-000000000003',
          name: 'Hospital',
          type: 'Hospital' as const,
        },
        patientsQty: 0,
      },
    };
    expect(policyUserOf(doctor)).toEqual({ isAdmin: false, isDoctor: true });
  });
});
