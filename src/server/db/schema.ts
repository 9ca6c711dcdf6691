export * from './schema/activity';
export * from './schema/auth';
export * from './schema/content';
export * from './schema/firms';
export * from './schema/jobs';
