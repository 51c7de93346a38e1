import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  API_ERRORS,
  ApiError,
  Button,
  Icon,
  LIMITS,
  api,
  canSaveWish,
  ensureUiStyles,
  openModal,
  toast,
  useDocumentTitle,
  validateCompose,
  type COMPOSE_FIELDS,
  type ComposeValues,
  type GenerateRequest,
  type RateLimit,
} from '@wishes/shared';
import { CharacterCounter, FormField } from '../common/FormField';
import { decodeRouteParam } from '../common/decodeRouteParam';
import { useUnsavedChangesWarning } from '../common/useUnsavedChangesWarning';
import { ChoiceField } from './ChoiceField';
import { ConfirmReplace } from './ConfirmReplace';
import { COMPOSE_TEXT as TEXT } from './texts';
import { useComposeOptions } from './useComposeOptions';
import { useDraftPersistence } from './useDraftPersistence';
import './compose.css';

type ComposeField = (typeof COMPOSE_FIELDS)[number];

/** The rate limit a 429 body carries, if it is well-formed. */
function rateLimitOf(body: Record<string, unknown> | null): RateLimit | null {
  const value = body?.rate_limit as Partial<RateLimit> | undefined;
  return value && typeof value.limit === 'number' && typeof value.remaining === 'number'
    ? { limit: value.limit, remaining: value.remaining }
    : null;
}

/**
 * The wish editor (mounted at /compose and /compose/:topic, signed-in only). The person picks
 * style, audience and topic, names the recipient and adds details; Generate drafts a text they
 * can edit, copy, and save as private (default) or public.
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
  const { options, failed: optionsFailed, retry: retryOptions } = useComposeOptions();
  const params = options?.greeting_config_params;
  const topics = params?.topics ?? [];

  const [values, setValues] = useState<ComposeValues>(() => ({ style: '', audience: '', name: '', topic: requestedTopic, details: '' }));
  const [errors, setErrors] = useState<Partial<Record<ComposeField, string>>>({});
  const fieldRefs = useRef<Partial<Record<ComposeField, HTMLElement | null>>>({});

  const [generating, setGenerating] = useState(false);
  const generatingRef = useRef(false);
  /** The last text the generator produced; null until the first generation. */
  const [generatedText, setGeneratedText] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [rateLimit, setRateLimit] = useState<RateLimit | null>(null);
  const [isPublic, setIsPublic] = useState(false);
  const [saving, setSaving] = useState(false);
  const { clearDraft } = useDraftPersistence({ values, generatedText, text, isPublic }, { setValues, setGeneratedText, setText, setIsPublic });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Pre-select the route's topic, in the server's spelling once the options are known.
  useEffect(() => {
    if (!requestedTopic) return;
    const known = options?.greeting_config_params.topics.find((topic) => topic.topic.toLowerCase() === requestedTopic.toLowerCase());
    setValues((current) => ({ ...current, topic: known ? known.topic : requestedTopic }));
  }, [requestedTopic, options]);

  const hasResult = generatedText !== null;
  const canSave = canSaveWish(text);
  useUnsavedChangesWarning(canSave);

  /** Choices for a select: null while loading, [] (free text) when loading failed. */
  const choicesFor = (list: string[] | undefined): string[] | null => (options ? (list ?? []) : optionsFailed ? [] : null);
  const topicDetails = topics.find((topic) => topic.topic === values.topic)?.topic_details;

  const updateField = (field: ComposeField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field] && value.trim()) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  };

  const registerRef = (field: ComposeField) => (element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  };

  async function generate(request: GenerateRequest) {
    generatingRef.current = true;
    setGenerating(true);
    try {
      const response = await api.generateText(request);
      if (!mounted.current) return;
      setText(response.text);
      setGeneratedText(response.text);
      if (response.rate_limit) {
        setRateLimit(response.rate_limit);
        toast.success(TEXT.generatedWithQuota(response.rate_limit.remaining, response.rate_limit.limit));
      } else {
        toast.success(TEXT.generated);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // The server says why (and when to retry); ApiError.message carries its `error` text.
        toast.error(error.message);
        const limit = rateLimitOf(error.body);
        if (limit && mounted.current) setRateLimit(limit);
      } else {
        toast.error(API_ERRORS.generate);
      }
    } finally {
      generatingRef.current = false;
      if (mounted.current) setGenerating(false);
    }
  }

  const onGenerate = (event: FormEvent) => {
    event.preventDefault();
    if (generatingRef.current) return;
    const missing = validateCompose(values);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((field) => [field, TEXT.required])));
      fieldRefs.current[missing[0]]?.focus();
      return;
    }
    setErrors({});
    const request: GenerateRequest = {
      style: values.style.trim(),
      audience: values.audience.trim(),
      name: values.name.trim(),
      topic: values.topic.trim(),
      details: values.details.trim(),
    };
    // Unsaved text (an edited one or an untouched draft) must not vanish behind a new draft
    // without asking; saving navigates away, so any text still here is unsaved.
    if (!canSaveWish(text)) {
      void generate(request);
      return;
    }
    openModal({
      title: TEXT.replaceTitle,
      render: (close) => (
        <ConfirmReplace
          edited={text !== generatedText}
          onKeep={close}
          onReplace={() => {
            close();
            void generate(request);
          }}
        />
      ),
    });
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      toast.success(TEXT.copied);
    } catch {
      toast.error(TEXT.copyFailed);
    }
  };

  const save = async () => {
    if (!canSaveWish(text) || saving) return;
    setSaving(true);
    try {
      const { wish_id } = await api.saveWish(text, isPublic);
      clearDraft();
      navigate(`/wish/${wish_id}`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : API_ERRORS.save);
      if (mounted.current) setSaving(false);
    }
  };

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
        <form className="compose-card compose-form" noValidate onSubmit={onGenerate} aria-busy={generating} aria-label="Wish details">
          {optionsFailed ? (
            <div className="compose-notice" role="alert">
              <span>{TEXT.optionsFailed}</span>
              <Button variant="secondary" onClick={retryOptions}>
                Retry
              </Button>
            </div>
          ) : null}

          <ChoiceField
            id="compose-style"
            label="Style"
            value={values.style}
            choices={choicesFor(params?.styles)}
            placeholder="Choose a style"
            error={errors.style}
            onChange={(value) => updateField('style', value)}
            controlRef={registerRef('style')}
          />
          <ChoiceField
            id="compose-audience"
            label="Audience"
            value={values.audience}
            choices={choicesFor(params?.audiences)}
            placeholder="Choose an audience"
            error={errors.audience}
            onChange={(value) => updateField('audience', value)}
            controlRef={registerRef('audience')}
          />
          <FormField id="compose-name" label="Name" error={errors.name} hint="Who the wish is for.">
            {(control) => (
              <input
                {...control}
                ref={registerRef('name')}
                className="compose-input w-input"
                type="text"
                autoComplete="off"
                maxLength={LIMITS.generateFieldMax}
                value={values.name}
                onChange={(event) => updateField('name', event.target.value)}
              />
            )}
          </FormField>
          <ChoiceField
            id="compose-topic"
            label="Topic"
            value={values.topic}
            choices={choicesFor(topics.map((topic) => topic.topic))}
            placeholder="Choose a topic"
            hint={topicDetails}
            error={errors.topic}
            onChange={(value) => updateField('topic', value)}
            controlRef={registerRef('topic')}
          />
          <FormField
            id="compose-details"
            label="Details"
            error={errors.details}
            hint="Shared memories, plans or anything that makes it personal."
            aside={<CharacterCounter length={values.details.length} max={LIMITS.detailsMax} />}
          >
            {(control) => (
              <textarea
                {...control}
                ref={registerRef('details')}
                className="compose-input w-input compose-textarea"
                rows={4}
                maxLength={LIMITS.detailsMax}
                value={values.details}
                onChange={(event) => updateField('details', event.target.value)}
              />
            )}
          </FormField>

          <div className="compose-actions">
            <Button
              type="submit"
              size="large"
              disabled={generating}
              icon={generating ? <span className="w-spinner compose-button-spinner" aria-hidden="true" /> : <Icon name="sparkle" />}
            >
              {generating ? TEXT.generating : TEXT.generate}
            </Button>
            {rateLimit ? <p className="compose-quota">{TEXT.quotaLeft(rateLimit.remaining, rateLimit.limit)}</p> : null}
          </div>
        </form>

        <div className="compose-card compose-result">
          {hasResult ? (
            <>
              <FormField
                id="compose-text"
                label="Your wish"
                aside={<CharacterCounter length={text.length} max={LIMITS.wishTextMax} />}
                hint={canSave ? undefined : 'Write or generate some text to save it.'}
              >
                {(control) => (
                  <textarea
                    {...control}
                    className="compose-input w-input compose-textarea compose-result__text"
                    rows={10}
                    maxLength={LIMITS.wishTextMax}
                    readOnly={generating}
                    value={text}
                    onChange={(event) => setText(event.target.value)}
                  />
                )}
              </FormField>

              <fieldset className="compose-visibility" aria-describedby="compose-visibility-hint">
                <legend className="compose-field__label">Visibility</legend>
                <div className="compose-visibility__options">
                  <label className="compose-visibility__option">
                    <input type="radio" name="compose-visibility" value="private" checked={!isPublic} onChange={() => setIsPublic(false)} />
                    Private
                  </label>
                  <label className="compose-visibility__option">
                    <input type="radio" name="compose-visibility" value="public" checked={isPublic} onChange={() => setIsPublic(true)} />
                    Public
                  </label>
                </div>
                <p id="compose-visibility-hint" className="compose-field__hint">
                  {isPublic ? 'Everyone can see this wish in the feed.' : 'Only you can see this wish.'}
                </p>
              </fieldset>

              <div className="compose-result__actions">
                <Button variant="secondary" icon={<Icon name="copy" />} onClick={() => void copy()} disabled={!canSave}>
                  Copy
                </Button>
                <Button icon={<Icon name="check" />} onClick={() => void save()} disabled={!canSave || saving || generating}>
                  {saving ? TEXT.saving : TEXT.save}
                </Button>
              </div>
            </>
          ) : (
            <div className="compose-result__empty">
              <Icon name="sparkle" size={40} />
              <p>Your generated wish will appear here, ready to edit.</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
