import { codebookVariables } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { filterVariables, fold } from './codebook-filter.ts';

const es = codebookVariables('es');
const names = (text: string, table: Parameters<typeof filterVariables>[1]['table'] = 'all') =>
  filterVariables(es, { text, table }).map((variable) => `${variable.table}.${variable.name}`);

describe('filterVariables', () => {
  it('keeps every variable, in order, when nothing is typed or chosen', () => {
    expect(filterVariables(es, { text: '  ', table: 'all' })).toEqual(es);
  });

  it('finds a variable by its name, its label or a code’s label, in any case and without accents', () => {
    expect(names('os_event')).toEqual(['patients.os_event']);
    expect(names('FECHA DE OBITO')).toEqual(['patients.death_date']);
    // A code's label: the allogeneic transplant.
    expect(names('alogénico')).toEqual(['patients.transplant_type']);
    // A code: `normalKaryotype` is a source of the markers table only.
    expect(names('normalkaryotype')).toEqual(['markers.source']);
  });

  it('asks for every word typed, wherever each is', () => {
    expect(names('supervivencia días')).toEqual([
      'patients.os_days',
      'patients.efs_days',
      'patients.rfs_cr_days',
    ]);
    expect(names('supervivencia inexistente')).toEqual([]);
  });

  it('keeps the table chosen', () => {
    expect(names('', 'markers')).toEqual([
      'markers.pid',
      'markers.marker',
      'markers.result',
      'markers.vaf',
      'markers.source',
    ]);
    expect(names('pid', 'drugs')).toEqual(['drugs.pid']);
    expect(names('fecha', 'samples')).toEqual(['samples.date']);
  });

  it('folds accents and case', () => {
    expect(fold('Óbito ÁRBOL ñ')).toBe('obito arbol n');
  });
});
