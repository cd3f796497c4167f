export * from './overview.ts';
export * from './queries.ts';
export * from './rules.ts';
