import type { FormEvent, KeyboardEvent } from 'react';
import { Button, Icon, useFormFields } from '@wishes/kit-ui';
import { LIMITS } from '@wishes/kit-session';
import { CharacterCounter, FormField } from '../common/FormField';
import { COMPOSE_TEXT as TEXT } from './texts';
import type { useComposeDraft } from './useComposeDraft';

interface ChatPanelProps {
  composer: ReturnType<typeof useComposeDraft>;
  /** Sends one instruction (the page adds the compose form for the first one); true when answered. */
  onAsk: (message: string) => Promise<boolean>;
}

/**
 * The draft's conversation with the assistant, under the editor: the instruction box, what was
 * asked and answered, and every version of the text (any one can be put back into the editor).
 * The assistant's answers are announced through the draft's live status line.
 */
export function ChatPanel({ composer, onAsk }: ChatPanelProps) {
  const { chat, busy, draft } = composer;
  const form = useFormFields({ message: '' }, { idPrefix: 'compose-chat-' });
  const { message } = form.values;
  const messages = chat?.messages ?? [];
  const versions = chat?.versions ?? [];
  const canSend = busy === null && message.trim() !== '' && draft.text.trim() !== '';

  const send = async () => {
    if (!canSend) return;
    if (await onAsk(message)) form.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  // Enter sends, as in any chat; Shift+Enter keeps a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section className="compose-chat" aria-labelledby="compose-chat-title" aria-busy={busy === 'chat' || busy === 'loadChat'}>
      <h2 id="compose-chat-title" className="compose-chat__title">
        {TEXT.chatTitle}
      </h2>
      {messages.length ? (
        <ol className="compose-chat__log" aria-label="Conversation with the assistant">
          {messages.map((entry, index) => (
            <li key={index} className={`compose-chat__message compose-chat__message--${entry.role}`}>
              <span className="compose-chat__who">{entry.role === 'user' ? 'You' : 'Assistant'}</span>
              <p className="compose-chat__text">{entry.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="compose-chat__empty">{busy === 'loadChat' ? TEXT.loadingChat : TEXT.chatEmpty}</p>
      )}

      <form className="compose-chat__form" onSubmit={onSubmit}>
        <FormField field={form.bind('message')} label={TEXT.chatLabel} aside={<CharacterCounter length={message.length} max={LIMITS.chatMessageMax} />} hint={TEXT.chatHint}>
          {(control) => (
            <textarea
              {...control}
              className="compose-input w-input compose-chat__input"
              rows={2}
              maxLength={LIMITS.chatMessageMax}
              onKeyDown={onKeyDown}
            />
          )}
        </FormField>
        <Button type="submit" icon={<Icon name="sparkle" />} disabled={!canSend}>
          {busy === 'chat' ? TEXT.chatSending : TEXT.chatSend}
        </Button>
      </form>

      {versions.length ? (
        <details className="compose-chat__versions">
          <summary>{TEXT.chatVersions(versions.length)}</summary>
          <ol className="compose-chat__version-list">
            {versions.map((version, index) => {
              const current = version.text === draft.text;
              return (
                <li key={index} className="compose-chat__version">
                  <p className="compose-chat__text">{version.text}</p>
                  <Button variant="secondary" disabled={current || busy !== null} onClick={() => composer.restoreVersion(index)} aria-label={current ? `Version ${index + 1} is in the editor` : `Restore version ${index + 1}`}>
                    {current ? TEXT.chatCurrent : TEXT.chatRestore}
                  </Button>
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
