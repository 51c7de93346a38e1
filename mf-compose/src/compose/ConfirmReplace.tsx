import { Button } from '@wishes/shared';

/** Body of the 'Replace your text?' modal shown before a new generation would overwrite edited text. */
export function ConfirmReplace({ onReplace, onKeep }: { onReplace: () => void; onKeep: () => void }) {
  return (
    <div className="compose-confirm">
      <p className="compose-confirm__text">
        Generating again replaces the text you have edited. Copy or save it first if you want to keep it.
      </p>
      <div className="compose-confirm__actions">
        <Button variant="secondary" onClick={onKeep}>
          Keep my text
        </Button>
        <Button variant="danger" onClick={onReplace}>
          Replace
        </Button>
      </div>
    </div>
  );
}
