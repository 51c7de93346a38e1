export * from './schemas';
export * from './social';
export * from './requests';
export * from './operations';
export * from './openapi';
export * from './routes';
export * from './chats';
export * from './probes';
