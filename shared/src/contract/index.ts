export * from './schemas';
export * from './social';
