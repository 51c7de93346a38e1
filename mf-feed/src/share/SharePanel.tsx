import { useEffect, useId, useRef, useState } from 'react';
import { Button, Icon } from '@wishes/kit-ui';
import { TIMING, toast } from '@wishes/kit-session';
import './share.css';

export const SHARE_TEXTS = { copy: 'Copy Link', copied: 'Copied!', copyFailed: 'Failed to copy text' } as const;

export function wishUrl(wishId: number): string {
  return `${window.location.origin}/wish/${wishId}`;
}

/** Share targets that take the link in their URL; each opens in a new tab. */
export function socialShareLinks(url: string): Array<{ name: string; href: string }> {
  const encoded = encodeURIComponent(url);
  return [
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${encoded}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encoded}` },
  ];
}

/** The Share modal's body: the wish link, a copy button and social-network options. */
export function SharePanel({ wishId }: { wishId: number }) {
  const url = wishUrl(wishId);
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), TIMING.copiedFeedbackMs);
    } catch {
      toast.error(SHARE_TEXTS.copyFailed);
    }
  };

  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const shareNatively = async () => {
    try {
      await navigator.share({ title: 'A wish', url });
    } catch {
      // The person closed the share sheet (AbortError) or the platform refused; nothing to report.
    }
  };

  return (
    <div className="feed-share">
      <label htmlFor={inputId} className="feed-share__label">
        Link to this wish
      </label>
      <div className="feed-share__row">
        <input id={inputId} className="feed-share__input" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Button onClick={() => void copy()} icon={<Icon name={copied ? 'check' : 'copy'} size={18} />}>
          {copied ? SHARE_TEXTS.copied : SHARE_TEXTS.copy}
        </Button>
      </div>
      <div className="feed-share__social">
        <h3 className="feed-share__heading">Share on a social network</h3>
        <ul className="feed-share__links">
          {canShareNatively ? (
            <li>
              <Button variant="secondary" onClick={() => void shareNatively()} icon={<Icon name="share" size={18} />}>
                Share via…
              </Button>
            </li>
          ) : null}
          {socialShareLinks(url).map((link) => (
            <li key={link.name}>
              <a className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" href={link.href} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
