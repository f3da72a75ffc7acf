export * from './routes';
export * from './common';
export * from './auth';
export * from './users';
export * from './runtime-config';
export * from './courses';
