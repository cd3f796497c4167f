import { describe, expect, it } from 'vitest';
import { mappingFieldErrors } from './server-fields.ts';

describe("a refused mapping's messages", () => {
  it("go to their column, their variable's values, the doctor and the reading options; the rest together", () => {
    expect(
      mappingFieldErrors({
        'columns.3': 'Variable desconocida.',
        'values.sex': 'Código desconocido.',
        'values.sex.Masc': 'Código desconocido: man.',
        doctorId: 'El médico no existe.',
        dateFormat: 'Debe elegir una opción.',
        headerRow: 'La fila no existe.',
        columns: 'Asigne una columna a la identificación.',
      }),
    ).toEqual({
      columns: { 3: 'Variable desconocida.' },
      values: { sex: ['Código desconocido.', 'Código desconocido: man.'] },
      doctor: 'El médico no existe.',
      dateFormat: 'Debe elegir una opción.',
      reading: 'La fila no existe.',
      other: ['Asigne una columna a la identificación.'],
    });
  });
});
