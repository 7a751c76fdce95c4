export * from './errors.ts';
export * from './access.ts';
export * from './auth.ts';
export * from './engagements.ts';
export * from './locales.ts';
export * from './analysis.ts';
