import { useCallback, useEffect, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LIMITS, openModal } from '@wishes/kit-session';
import { canSaveWish, ensureUiStyles, useFormFields, validateCompose, type ComposeValues } from '@wishes/kit-ui';
import { call, useDocumentTitle, useOptionsWithRetry } from '@wishes/kit-client';
import { type GenerateRequest } from '@wishes/kit-contract';
import { decodeRouteParam } from '../common/decodeRouteParam';
import { useUnsavedChangesWarning } from '../common/useUnsavedChangesWarning';
import { ComposeForm } from './ComposeForm';
import { ConfirmReplace } from './ConfirmReplace';
import { DraftPanel } from './DraftPanel';
import { COMPOSE_TEXT as TEXT } from './texts';
import { emptyDraft, useComposeDraft } from './useComposeDraft';
import { useDraftPersistence } from './useDraftPersistence';
import './compose.css';

/**
 * The wish editor (mounted at /compose and /compose/:topic, signed-in only). The person picks
 * style, audience and topic, names the recipient and adds details; Generate streams a draft into
 * the editor (Stop keeps what arrived), "Give me 3" offers three to pick from, and the rewrite
 * buttons make the text warmer, shorter, funnier or more formal. The text can be edited, copied,
 * and saved as private (default) or public.
 *
 * A :topic that matches a server topic (case-insensitively) selects it; an unknown one is kept as
 * an extra choice, since the API accepts any topic up to 100 characters and a shared link should
 * not lose what it asked for.
 */
export default function ComposePage() {
  ensureUiStyles(); // .w-input on the form controls
  useDocumentTitle(TEXT.title);
  const navigate = useNavigate();
  const { topic: topicParam } = useParams<{ topic?: string }>();
  const requestedTopic = decodeRouteParam(topicParam).trim().slice(0, LIMITS.generateFieldMax);
  const { options, failed: optionsFailed, retry: retryOptions } = useOptionsWithRetry();

  // `?chat=ID`: "Continue in chat" from the wish page reopens that conversation.
  const [searchParams] = useSearchParams();
  const chatParam = searchParams.get('chat');
  const requestedChat = chatParam && /^[1-9]\d{0,9}$/.test(chatParam) ? Number(chatParam) : null;
  const composer = useComposeDraft(() => emptyDraft(requestedTopic), { chatToOpen: requestedChat });
  const { draft, update, busy } = composer;
  // The form's values live in the draft (kept and restored with it); a filled field loses its error.
  const setValues = useCallback<Dispatch<SetStateAction<ComposeValues>>>(
    (next) => update((current) => ({ values: typeof next === 'function' ? next(current.values) : next })),
    [update],
  );
  const form = useFormFields(draft.values, { idPrefix: 'compose-', clearErrorOnEdit: (value) => value.trim() !== '', state: [draft.values, setValues] });
  const { values } = form;

  // Kept per user across navigation and reloads; restored through the draft's one update().
  const { clearDraft } = useDraftPersistence(
    { values: draft.values, generatedText: draft.generatedText, text: draft.text, isPublic: draft.isPublic },
    {
      setValues: (kept) => update({ values: kept }),
      setGeneratedText: (kept) => update({ generatedText: kept }),
      setText: (kept) => update({ text: kept }),
      setIsPublic: (kept) => update({ isPublic: kept }),
    },
  );

  // Pre-select the route's topic, in the server's spelling once the options are known.
  useEffect(() => {
    if (!requestedTopic) return;
    const known = options?.greeting_config_params.topics.find((topic) => topic.topic.toLowerCase() === requestedTopic.toLowerCase());
    // From the current draft, so this runs when the route or the options change, not per keystroke.
    update((current) => ({ values: { ...current.values, topic: known ? known.topic : requestedTopic } }));
  }, [requestedTopic, options, update]);

  useUnsavedChangesWarning(canSaveWish(draft.text) && busy !== 'save');

  /** The checked request, or null after marking the missing fields and focusing the first. */
  function checkedRequest(): GenerateRequest | null {
    const missing = validateCompose(values);
    if (missing.length) {
      form.setInvalid(missing, TEXT.required);
      form.focus(missing[0]);
      return null;
    }
    form.setInvalid([]);
    return {
      style: values.style.trim(),
      audience: values.audience.trim(),
      name: values.name.trim(),
      topic: values.topic.trim(),
      details: values.details.trim(),
    };
  }

  /**
   * Unsaved text (an edited one or an untouched draft) must not vanish behind a new draft without
   * asking; saving navigates away, so any text still here is unsaved.
   */
  function confirmThen(run: () => void) {
    if (!canSaveWish(draft.text)) return run();
    openModal({
      title: TEXT.replaceTitle,
      render: (close) => (
        <ConfirmReplace
          edited={draft.text !== draft.generatedText}
          onKeep={close}
          onReplace={() => {
            close();
            run();
          }}
        />
      ),
    });
  }

  const onGenerate = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = checkedRequest();
    if (request) confirmThen(() => void composer.stream(request));
  };

  // Three drafts are offered beside the editor; the text only changes when one is picked.
  const onGiveThree = () => {
    if (busy) return;
    const request = checkedRequest();
    if (request) void composer.giveThree(request);
  };

  // The first instruction starts the chat from the form (checked like Generate); later ones need nothing.
  const ask = (message: string) => {
    if (draft.chatId !== null) return composer.ask(message, null);
    const request = checkedRequest();
    return request ? composer.ask(message, request) : Promise.resolve(false);
  };

  // "Save and send…" opens the wish page's "Send to…" form, with the name the wish was written for.
  const save = async (send = false) => {
    const wishId = await composer.save();
    if (wishId !== null) {
      clearDraft();
      navigate(`/wish/${wishId}`, send ? { state: { send: { name: values.name.trim(), ...(personId ? { person: personId } : {}) } } } : undefined);
    }
  };

  // `?person=ID`: a reminder's link (or the People page) fills in that person's name and audience;
  // "Save and send…" then sends to them (their address and time zone).
  const personParam = searchParams.get('person');
  const personId = personParam && /^[1-9]\d{0,9}$/.test(personParam) ? Number(personParam) : null;
  const audiences = options?.greeting_config_params.audiences;
  const topics = options?.greeting_config_params.topics;
  useEffect(() => {
    if (!personId) return;
    let live = true;
    call('listPeople')
      .then(({ people }) => {
        const person = people.find((p) => p.person_id === personId);
        if (!live || !person) return;
        const audience = audiences?.find((a) => a.toLowerCase() === (person.audience ?? '').trim().toLowerCase());
        // Without a topic in the address (the notification's link), the person's next occasion names it.
        const topic = topics?.find((t) => t.topic.toLowerCase() === (person.next_occasion?.topic ?? '').toLowerCase())?.topic;
        update((current) => ({
          values: {
            ...current.values,
            name: current.values.name || person.name.slice(0, LIMITS.generateFieldMax),
            ...(audience && !current.values.audience ? { audience } : {}),
            ...(topic && !current.values.topic ? { topic } : {}),
          },
        }));
      })
      .catch(() => undefined); // the form stays as it is; the member fills it in
    return () => {
      live = false;
    };
  }, [personId, audiences, topics, update]);

  // `?name=`: "Write one back" from a received wish names its sender as the recipient.
  const nameParam = searchParams.get('name');
  useEffect(() => {
    const name = nameParam?.trim().slice(0, LIMITS.generateFieldMax);
    if (name) update((current) => (current.values.name ? {} : { values: { ...current.values, name } }));
  }, [nameParam, update]);

  return (
    <section className="compose-page" aria-labelledby="compose-title">
      <header className="compose-page__header">
        <h1 id="compose-title" className="compose-page__title">
          {TEXT.title}
        </h1>
        <p className="compose-page__lead">
          Create your wishes with AI. Choose a style, an audience and a topic, say who it is for and add a few details: you get a
          first draft to edit, copy and save.
        </p>
      </header>

      <div className="compose-layout">
        <ComposeForm
          form={form}
          options={options}
          optionsFailed={optionsFailed}
          retryOptions={retryOptions}
          length={draft.length}
          onLength={(length) => update({ length })}
          busy={busy}
          rateLimit={draft.rateLimit}
          onGenerate={onGenerate}
          onGiveThree={onGiveThree}
        />
        <DraftPanel composer={composer} onSave={(send) => void save(send)} onAsk={ask} />
      </div>
    </section>
  );
}
