export * from './schema/activity';
export * from './schema/admin';
export * from './schema/analytics';
export * from './schema/auth';
export * from './schema/content';
export * from './schema/firms';
export * from './schema/jobs';
export * from './schema/rule-changes';
