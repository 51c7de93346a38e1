export * from './schemas';
export * from './social';
export * from './chats';
