import { describe, expect, it } from 'vitest';
import { outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { curvesCsv } from './curves-csv.ts';
import { INCIDENCE, SURVIVAL } from './test-outcomes.ts';

const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('the curves as CSV', () => {
  it('has in English one row per step of each group, with the value and its interval', () => {
    const text = curvesCsv(outcomeOfSurvival(SURVIVAL), ['AML M2', 'ALL-B, "B"'], 'en');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = lines(text);
    expect(rows[0]).toBe(
      'Group,Time (days),Time (months),At risk,Events,Censored,Survival,95% CI lower,95% CI upper',
    );
    expect(rows).toHaveLength(1 + 4 + 2);
    expect(rows[2]).toBe('AML M2,200,6.5708,3,1,0,0.666667,0.3,1');
    // A name with a comma or quotes is quoted.
    expect(rows[5]).toBe('"ALL-B, ""B""",100,3.2854,3,0,1,1,1,1');
  });

  it('writes Spanish as the patient export does: semicolons, decimal commas, Spanish headers', () => {
    const rows = lines(curvesCsv(outcomeOfSurvival(SURVIVAL), ['AML M2', 'ALL-B; B'], 'es'));
    expect(rows[0]).toBe(
      'Grupo;Tiempo (días);Tiempo (meses);En riesgo;Eventos;Censurados;Supervivencia;IC 95 % inferior;IC 95 % superior',
    );
    expect(rows[2]).toBe('AML M2;200;6,5708;3;1;0;0,666667;0,3;1');
    expect(rows[5]).toBe('"ALL-B; B";100;3,2854;3;0;1;1;1;1');
  });

  it('puts a group name that begins as a formula behind the formula guard', () => {
    const rows = lines(curvesCsv(outcomeOfSurvival(SURVIVAL), ["=cmd|' /C calc'!A0", '-1+1'], 'en'));
    expect(rows[2]).toBe("'=cmd|' /C calc'!A0,200,6.5708,3,1,0,0.666667,0.3,1");
    expect(rows[5]).toBe("'-1+1,100,3.2854,3,0,1,1,1,1");
  });

  it('writes the incidence with its competing deaths and the non-relapse mortality', () => {
    const rows = lines(curvesCsv(outcomeOfIncidence(INCIDENCE), ['All patients'], 'en'));
    expect(rows[0]).toBe(
      'Group,Time (days),Time (months),At risk,Relapses,Deaths without relapse,Censored,Cumulative incidence,95% CI lower,95% CI upper,Non-relapse mortality,NRM 95% CI lower,NRM 95% CI upper',
    );
    expect(rows[1]).toBe('All patients,90,2.9569,5,1,0,0,0.2,0.03,0.5,0,,');
  });
});
