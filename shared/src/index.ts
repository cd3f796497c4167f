export * from './auth.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './institutions.ts';
export * from './locales/index.ts';
export * from './users.ts';
