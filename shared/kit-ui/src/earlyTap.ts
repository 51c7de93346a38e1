/**
 * Early taps: a press on a server-drawn control (the first paint, ./firstPaint) made before the
 * remote that owns the control has loaded. It is never dropped: a small inline script (written by
 * the server into the page with the first paint, allowed by its hash in the CSP) holds the first
 * such press and marks its button pressed (the counts stay as drawn: they are the server's); the
 * remote, once it has rendered, takes the press and acts on it as if it had been made on its own
 * control (`takeEarlyTap` / `useEarlyTap`). Only the first press counts: later ones are ignored
 * until the owner has answered the first (controls are disabled while a request runs).
 *
 * No DOM nor React here (the server imports it); the page's side lives in ./useEarlyTap.ts.
 */

/** `data-early-tap="<action>:<key>:<value>"`, e.g. "vote:42:upvote", on a drawn <button>. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
/** The class the held press's button gets (its pressed look until its owner answers). */
export const EARLY_TAP_HELD_CLASS = 'w-early-tapped';
/** Set on <html> before the first paint is laid out when the browser holds a session (see below). */
export const EARLY_MEMBER_CLASS = 'w-member';
/** The global the inline script and the kit share (the kit is a run-time singleton; this is per page). */
export const EARLY_TAP_GLOBAL = '__wishesEarlyTap';

export interface EarlyTap {
  action: string;
  key: string;
  value: string;
}

export interface EarlyTapState {
  held: (EarlyTap & { taken?: boolean }) | null;
  notify: (() => void) | null;
}

/**
 * The inline script. It runs before the first paint is laid out (it sits in <head>), so besides the
 * listener it marks <html> when the browser holds a session token: the first paint then reserves
 * the members' All / Following switch (the live page draws it; nothing moves when it arrives).
 * One capturing listener on the document: a click on a drawn control is held (first only), its
 * button pressed and every drawn control aria-disabled until the owner settles it.
 */
export const EARLY_TAP_SCRIPT =
  `(function(){var d=document,s=window.${EARLY_TAP_GLOBAL}={held:null,notify:null};` +
  `try{if(localStorage.getItem('access_token')||localStorage.getItem('refresh_token'))d.documentElement.classList.add('${EARLY_MEMBER_CLASS}')}catch(e){}` +
  `d.addEventListener('click',function(e){var t=e.target,b=t&&t.closest?t.closest('[${EARLY_TAP_ATTRIBUTE}]'):null;if(!b)return;e.preventDefault();if(s.held)return;` +
  `var p=(b.getAttribute('${EARLY_TAP_ATTRIBUTE}')||'').split(':');s.held={action:p[0],key:p[1],value:p[2]};b.classList.add('${EARLY_TAP_HELD_CLASS}');` +
  `d.querySelectorAll('[${EARLY_TAP_ATTRIBUTE}]').forEach(function(x){x.setAttribute('aria-disabled','true')});if(s.notify)s.notify()},true)})();`;
