/**
 * @wishes/writer: turns the compose form into wish text behind one interface, `WishGenerator`.
 * `createGenerator` builds the configured one: the offline writer (`template`: a curated corpus
 * adapted by rules, no network) or an OpenAI-compatible model (`openai`). `followOffline` is the
 * offline writer's answer to a wish's chat, for a generator without a `chat` of its own.
 */
export {
  createGenerator,
  createTemplateGenerator,
  piecesOf,
  GENERATOR_MESSAGES,
  GeneratorUnavailableError,
  type ChatTurn,
  type ChatTurnResult,
  type GeneratorOptions,
  type WishGenerator,
} from './provider';
export { followOffline, CHAT_REPLIES } from './instructions';
export { STREAM_CUT, parseChatAnswer } from './openai';
