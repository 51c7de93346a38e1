import { Button } from '@wishes/kit-ui';

/** Body of the 'Replace your text?' modal shown before a new generation would overwrite unsaved text. */
export function ConfirmReplace({ edited, onReplace, onKeep }: { edited: boolean; onReplace: () => void; onKeep: () => void }) {
  return (
    <div className="compose-confirm">
      <p className="compose-confirm__text">
        {edited ? 'Generating again replaces the text you have edited.' : 'Generating again replaces the current draft.'} Copy or save it
        first if you want to keep it.
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
