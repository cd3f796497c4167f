export * from './auth.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './locales/index.ts';
