/**
 * The author's own-wish actions (docs/api.md, "Own wishes and moderation"): edit the text, and confirm a delete. Each is
 * the body of a modal opened from the wish card's menu; the visibility switch needs no dialog.
 */
import { API_ERRORS, call, errorMessage, queryKeys, updateCachedWish, useMutation, useQueryClient, useWishMutation } from '@wishes/kit-client';
import { Button, fieldErrorId, FINISHED, useFormFields, useSubmit } from '@wishes/kit-ui';
import { LIMITS, openModal, toast } from '@wishes/kit-session';
import { type QueryClient } from '@tanstack/react-query';
import { type UpdateWishRequest, type Wish } from '@wishes/kit-contract';
import './own.css';

export const OWN_WISH_TEXTS = {
  editTitle: 'Edit wish',
  textLabel: 'Wish text',
  emptyText: 'Wish text cannot be empty.',
  saved: 'Wish updated',
  deleteTitle: 'Delete wish',
  deleteQuestion: 'Delete this wish? Its votes and reports go with it. This cannot be undone.',
  deleted: 'Wish deleted',
  madePrivate: 'Only you can see this wish now',
  // Right whether or not it was public before (a wish saved private was never public).
  madePublic: 'Anyone can see this wish now',
} as const;

/** Edit form: a labelled textarea with the 2000-character limit, Save and Cancel. */
export function EditWishPanel({ wish, close, onSaved }: { wish: Wish; close: () => void; onSaved: (wish: Wish) => void }) {
  const form = useFormFields({ text: wish.text });
  const { text } = form.values;
  const error = form.errorOf('text');
  const field = form.bind('text');
  const edit = useWishMutation({
    mutationFn: (change: UpdateWishRequest) => call('updateWish', { params: { id: wish.id }, body: change }),
    // The saved wish replaces every cached copy (feeds, its page, a profile's list).
    settled: (answer) => answer.wish,
  });
  const validate = () => {
    if (text.trim()) return true;
    form.setErrors({ text: OWN_WISH_TEXTS.emptyText });
    return false;
  };
  const { busy: saving, submit } = useSubmit(
    async () => {
      form.setErrors({});
      try {
        const { wish: updated } = await edit.mutateAsync({ text });
        toast.success(OWN_WISH_TEXTS.saved);
        onSaved(updated);
        close();
        return FINISHED;
      } catch (failure) {
        form.setErrors({ text: errorMessage(failure, API_ERRORS.updateWish) });
      }
    },
    { validate },
  );

  return (
    <form className="own-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={field.id} className="own-form__label">
        {OWN_WISH_TEXTS.textLabel}
      </label>
      <textarea {...field} className="w-input own-form__text" maxLength={LIMITS.wishTextMax} rows={8} />
      <p className="own-form__count" aria-live="polite">
        {text.length} / {LIMITS.wishTextMax}
      </p>
      {error ? (
        <p id={fieldErrorId(field.id)} className="own-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="own-form__actions">
        <Button type="button" variant="secondary" onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The delete confirmation: says what goes with the wish; Cancel has the focus first. */
export function DeleteWishPanel({ wish, close, onDeleted }: { wish: Wish; close: () => void; onDeleted: (wish: Wish) => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call('deleteWish', { params: { id: wish.id } }),
    onSuccess: () => {
      toast.success(OWN_WISH_TEXTS.deleted);
      // Gone from its page's cache at once; every list that held it loads again.
      client.removeQueries({ queryKey: queryKeys.wish(wish.id) });
      void client.invalidateQueries({ queryKey: queryKeys.wishes() });
      close();
      onDeleted(wish);
    },
  });
  const deleting = remove.isPending;
  const error = remove.isError ? errorMessage(remove.error, API_ERRORS.deleteWish) : null;
  const confirm = () => {
    if (!deleting) remove.mutate();
  };

  return (
    <div className="own-form">
      <p>{OWN_WISH_TEXTS.deleteQuestion}</p>
      <blockquote className="own-form__quote">{wish.text.length > 200 ? `${wish.text.slice(0, 200)}…` : wish.text}</blockquote>
      {error ? (
        <p className="own-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="own-form__actions">
        <Button type="button" variant="secondary" onClick={close} disabled={deleting}>
          Cancel
        </Button>
        <Button type="button" variant="danger" onClick={confirm} disabled={deleting} aria-busy={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </div>
  );
}

export function openEditWish(wish: Wish, onSaved: (wish: Wish) => void): void {
  openModal({ title: OWN_WISH_TEXTS.editTitle, render: (close) => <EditWishPanel wish={wish} close={close} onSaved={onSaved} /> });
}

export function openDeleteWish(wish: Wish, onDeleted: (wish: Wish) => void): void {
  openModal({ title: OWN_WISH_TEXTS.deleteTitle, render: (close) => <DeleteWishPanel wish={wish} close={close} onDeleted={onDeleted} /> });
}

/** Switches public/private; the updated wish on success (patched into every cached copy), null (after a toast) on failure. */
export async function toggleVisibility(wish: Wish, client: QueryClient): Promise<Wish | null> {
  try {
    const { wish: updated } = await call('updateWish', { params: { id: wish.id }, body: { is_public: !wish.is_public } });
    updateCachedWish(client, updated);
    toast.success(updated.is_public ? OWN_WISH_TEXTS.madePublic : OWN_WISH_TEXTS.madePrivate);
    return updated;
  } catch (failure) {
    toast.error(errorMessage(failure, API_ERRORS.updateWish));
    return null;
  }
}
