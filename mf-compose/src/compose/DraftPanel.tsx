import { useRef } from 'react';
import { Button, Icon, canSaveWish } from '@wishes/kit-ui';
import { LIMITS, toast } from '@wishes/kit-session';
import { call, queryKeys, useQuery } from '@wishes/kit-client';
import { type CardTheme } from '@wishes/kit-contract';
import { CharacterCounter, FormField } from '../common/FormField';
import { COMPOSE_TEXT as TEXT, IMPROVE_CHOICES } from './texts';
import type { useComposeDraft } from './useComposeDraft';
import { ChatPanel } from './ChatPanel';
import { useDraftFocus } from './useDraftFocus';

interface DraftPanelProps {
  composer: ReturnType<typeof useComposeDraft>;
  /** `send`: "Save and send…" (the wish page then opens its "Send to…" form). */
  onSave: (send?: boolean) => void;
  /** Sends an instruction to the draft's assistant; without it there is no chat panel. */
  onAsk?: (message: string) => Promise<boolean>;
}

/**
 * The editor side of the compose page: the drafts on offer, the text (streamed in, editable),
 * the rewrites, visibility, Copy and Save. Every change of state is announced in a polite live region,
 * and focus stays with the draft: on the editor when a draft starts arriving, after a rewrite or a
 * pick, on the drafts on offer when they arrive (useDraftFocus).
 */
export function DraftPanel({ composer, onSave, onAsk }: DraftPanelProps) {
  const { draft, update, busy, status, statusShown } = composer;
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const variantsRef = useRef<HTMLHeadingElement>(null);
  useDraftFocus(composer.focusRequest, composer.onFocusApplied, { draft: editorRef, variants: variantsRef });
  const { text } = draft;
  const canSave = canSaveWish(text);
  const hasResult = draft.generatedText !== null;
  // The card themes, once there is a text to save (nothing is fetched before); without them the
  // wish gets the default theme and no picker is shown. They do not change while the page is open.
  const themesQuery = useQuery({ queryKey: queryKeys.cardThemes(), queryFn: () => call('listCardThemes'), enabled: hasResult, staleTime: Infinity });
  const themes: CardTheme[] = Array.isArray(themesQuery.data) ? themesQuery.data : [];

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      toast.success(TEXT.copied);
    } catch {
      toast.error(TEXT.copyFailed);
    }
  };

  return (
    <div className="compose-card compose-result">
      <p className={statusShown ? 'compose-status' : 'compose-status w-visually-hidden'} role="status" aria-live="polite">
        {status}
      </p>

      {draft.variants ? (
        <section className="compose-variants" aria-label="Drafts to choose from">
          <h2 ref={variantsRef} className="compose-variants__title" tabIndex={-1}>
            Pick a draft
          </h2>
          <ol className="compose-variants__list">
            {draft.variants.map((variant, index) => (
              <li key={index} className="compose-variant">
                <p className="compose-variant__text">{variant}</p>
                <Button variant="secondary" onClick={() => composer.pickVariant(index)} aria-label={`Use draft ${index + 1}`}>
                  Use this draft
                </Button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {hasResult ? (
        <>
          <FormField
            id="compose-text"
            label="Your wish"
            aside={<CharacterCounter length={text.length} max={LIMITS.wishTextMax} />}
            hint={canSave || busy === 'stream' ? undefined : 'Write or generate some text to save it.'}
          >
            {(control) => (
              <textarea
                {...control}
                ref={editorRef}
                className="compose-input w-input compose-textarea compose-result__text"
                rows={10}
                maxLength={LIMITS.wishTextMax}
                readOnly={busy === 'stream' || busy === 'improve' || busy === 'chat'}
                aria-busy={busy === 'stream' || busy === 'improve' || busy === 'chat'}
                value={text}
                onChange={(event) => update({ text: event.target.value })}
              />
            )}
          </FormField>

          {busy === 'stream' ? (
            <div className="compose-result__actions">
              <Button variant="secondary" icon={<Icon name="close" />} onClick={composer.stop}>
                {TEXT.stop}
              </Button>
            </div>
          ) : (
            <div className="compose-improve" role="group" aria-label="Rewrite the text">
              {IMPROVE_CHOICES.map((choice) => (
                <Button key={choice.value} variant="secondary" disabled={!canSave || busy !== null} onClick={() => void composer.improve(choice.value)}>
                  {choice.label}
                </Button>
              ))}
            </div>
          )}

          <fieldset className="compose-visibility" aria-describedby="compose-visibility-hint">
            <legend className="compose-field__label">Visibility</legend>
            <div className="compose-visibility__options">
              <label className="compose-visibility__option">
                <input type="radio" name="compose-visibility" value="private" checked={!draft.isPublic} onChange={() => update({ isPublic: false })} />
                Private
              </label>
              <label className="compose-visibility__option">
                <input type="radio" name="compose-visibility" value="public" checked={draft.isPublic} onChange={() => update({ isPublic: true })} />
                Public
              </label>
            </div>
            <p id="compose-visibility-hint" className="compose-field__hint">
              {draft.isPublic ? 'Everyone can see this wish in the feed.' : 'Only you can see this wish.'}
              {draft.chatWishId !== null ? ` ${TEXT.chatContinuing}` : ''}
            </p>
          </fieldset>

          {themes.length ? (
            <div className="compose-theme">
              <label className="compose-field__label" htmlFor="compose-card-theme">
                {TEXT.cardTheme}
              </label>
              <select id="compose-card-theme" className="compose-theme__select" value={draft.cardTheme ?? themes[0]!.name} onChange={(event) => update({ cardTheme: event.target.value })}>
                {themes.map((theme) => (
                  <option key={theme.name} value={theme.name}>
                    {theme.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}

          <div className="compose-result__actions">
            <Button variant="secondary" icon={<Icon name="copy" />} onClick={() => void copy()} disabled={!canSave}>
              Copy
            </Button>
            <Button className="compose-result__send" variant="secondary" icon={<Icon name="share" />} onClick={() => onSave(true)} disabled={!canSave || busy !== null}>
              {TEXT.saveAndSend}
            </Button>
            <Button icon={<Icon name="check" />} onClick={() => onSave()} disabled={!canSave || busy !== null}>
              {busy === 'save' ? TEXT.saving : TEXT.save}
            </Button>
          </div>

          {onAsk ? <ChatPanel composer={composer} onAsk={onAsk} /> : null}
        </>
      ) : draft.variants ? null : (
        <div className="compose-result__empty">
          <Icon name="sparkle" size={40} />
          <p>Your generated wish will appear here, ready to edit.</p>
        </div>
      )}
    </div>
  );
}
