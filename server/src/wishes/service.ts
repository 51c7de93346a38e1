/**
 * What other modules use of the wishes module: replies for the account export, the report form
 * and the moderation queue. Other modules import wishes through this file (eslint.config.mjs).
 */
export { actOnReply, exportReplies, fileReplyComplaint, replyForModeration, replyQueue, reportableReply } from './replies';
