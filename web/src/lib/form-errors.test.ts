import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { amongFields, onField, setServerFieldErrors, withFieldPaths } from './form-errors.ts';

const refusal = (fields?: Record<string, string>) =>
  new ApiError({ statusCode: 422, error: 'Unprocessable', message: 'Refused.', code: 'RULE_BROKEN', fields });

describe('server field errors on a form', () => {
  it('puts a nested path on the flat field of its last segment, and skips unknown fields', () => {
    const setError = vi.fn();
    const found = setServerFieldErrors(refusal({ 'user.email': 'Taken.', other: 'Ignored.' }), setError, [
      'email',
      'nickname',
    ]);
    expect(found).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken.' });
  });

  it('puts each message where a path mapper says, leaving out what it maps to null', () => {
    const setError = vi.fn();
    const found = setServerFieldErrors(
      refusal({ 'treatments.0.drugs.1.dose': 'Too high.', version: 'x' }),
      setError,
      (path) => (path === 'version' ? null : path),
    );
    expect(found).toBe(true);
    expect(setError).toHaveBeenCalledWith('treatments.0.drugs.1.dose', {
      type: 'server',
      message: 'Too high.',
    });
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('answers false for anything but an API error', () => {
    const setError = vi.fn();
    expect(setServerFieldErrors(new Error('network'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('matches a path by its own name or its last segment only', () => {
    const fieldOf = amongFields(['name', 'code']);
    expect(fieldOf('institution.code')).toBe('code');
    expect(fieldOf('name')).toBe('name');
    expect(fieldOf('type')).toBeNull();
  });
});

describe('moving field errors to the paths a form uses', () => {
  it('renames the paths and keeps the code, status and message', () => {
    const moved = withFieldPaths(
      refusal({ 'labReports.0.date': 'Future.', 'labReports.1.name': 'Twice.' }),
      (path) => path.replace('labReports.0', 'labReports.4'),
    );
    expect(moved).toBeInstanceOf(ApiError);
    expect(moved).toMatchObject({
      status: 422,
      code: 'RULE_BROKEN',
      message: 'Refused.',
      fields: { 'labReports.4.date': 'Future.', 'labReports.1.name': 'Twice.' },
    });
  });

  it('leaves errors without field messages, and other errors, as they are', () => {
    const plain = refusal();
    const network = new Error('offline');
    expect(withFieldPaths(plain, () => 'x')).toBe(plain);
    expect(withFieldPaths(network, () => 'x')).toBe(network);
  });

  it("puts a whole call's refusal on the field whose input caused it", () => {
    const tooLarge = new ApiError({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The file is larger than 1 MB.',
      code: 'FILE_TOO_LARGE',
    });
    const onUpload = onField(tooLarge, 'samples.0.upload');
    expect(onUpload).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      fields: { 'samples.0.upload': 'The file is larger than 1 MB.' },
    });
  });

  it('keeps a refusal that already names the field', () => {
    const named = refusal({ 'samples.0.upload': 'Not a PDF.' });
    expect(onField(named, 'samples.0.upload')).toBe(named);
  });
});
